import { t } from '@lingui/core/macro';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { localeOf } from '../../platform/mail/mail-i18n';
import { shippedRenderer } from '../../platform/mail/stored-templates';

/**
 * The accounts context's mails: verifying an address, resetting a password, a
 * sign-in link, changing the address (editable templates: their text is in
 * platform/mail/template-definitions.ts), and the notices of self-service.
 */
const renderers: MailRenderers = {};

renderers['verify-email'] = shippedRenderer('verify-email');
renderers['reset-password'] = shippedRenderer('reset-password');
renderers['sign-in-link'] = shippedRenderer('sign-in-link');

/* Email changes: a link to the new address confirms it; the old address hears of it, with a way to undo it. */

renderers['confirm-email-change'] = shippedRenderer('confirm-email-change');
renderers['email-change-notice'] = shippedRenderer('email-change-notice');

/* Self-service on the account: a password changed, an account deleted by its owner. */

renderers['password-changed'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  return {
    subject: t(i18n)`Your Crew Finder password was changed`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(i18n)`The password of your Crew Finder account was just changed from your profile, and every other session of your account was signed out.`,
        t(
          i18n,
        )`If it was you, there is nothing to do. If it was not, someone knows your old password and is signed in to your account: ask for a password reset with the link below straight away (the link goes to this address only), then check the email address and details on your profile, and write to us through the Help centre.`,
      ],
      { label: t(i18n)`Reset my password`, url: str(params, 'link') },
      localeOf(i18n),
    ),
  };
};

/**
 * Sent once the account is erased, so it is not a job (a job names its
 * recipient by id, and the account is gone): the deleting command renders it
 * in the member's language and hands it to the mail transport itself, with
 * the address it read before the erasure (see delete-own-account.command.ts).
 */
renderers['account-deleted'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  return {
    subject: t(i18n)`Your Crew Finder account has been deleted`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(
          i18n,
        )`As you asked, your Crew Finder account has been deleted. Your profile, photos, boats, conversations and the reviews you wrote or received are gone. Your pending applications were withdrawn and your application messages deleted. Voyages you skippered were cancelled (their applicants were told) and deleted. Your support tickets were closed and their text removed. A crew subscription paid by card was cancelled with the payment provider, so it is never charged again.`,
        t(
          i18n,
        )`We keep no copy of this address: this is the last email you will receive from us. If you did not delete your account yourself, someone had your password; you can sign up again at any time, and write to us through the Help centre.`,
      ],
      undefined,
      localeOf(i18n),
    ),
  };
};

export const accountMail = new MailTemplates(
  renderers,
  {},
  {
    'verify-email': 'verification',
    'confirm-email-change': 'verification',
    'reset-password': 'password_reset',
    'sign-in-link': 'security',
    'email-change-notice': 'security',
    'password-changed': 'security',
    'account-deleted': 'account',
  },
);
