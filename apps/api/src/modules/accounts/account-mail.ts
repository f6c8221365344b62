import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';

/** The accounts context's mails: verifying an address, resetting a password, a sign-in link, changing the address. */
const renderers: MailRenderers = {};

renderers['verify-email'] = (params) => ({
  subject: 'Verify your email address',
  ...layout([`Welcome aboard, ${str(params, 'firstName')}!`, 'Please confirm that this is your email address so skippers and crew know they can reach you. The link works once.'], {
    label: 'Verify my email',
    url: str(params, 'link'),
  }),
});

renderers['reset-password'] = (params) => ({
  subject: 'Reset your Crew Finder password',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'Someone asked to reset the password of your Crew Finder account. If it was you, choose a new password with the link below: it is valid for 1 hour and works once.',
      'If you did not ask for this, ignore this email; your password stays as it is.',
    ],
    { label: 'Choose a new password', url: str(params, 'link') },
  ),
});

renderers['sign-in-link'] = (params) => ({
  subject: 'Your Crew Finder sign-in link',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'Here is the sign-in link you asked for. It signs you in once, within 15 minutes, without your password.',
      'If you did not ask for it, ignore this email: nobody can use the link without access to your inbox. Someone may be trying to guess your password; choosing a new one is a good idea.',
    ],
    { label: 'Sign me in', url: str(params, 'link') },
  ),
});

/* Email changes: a link to the new address confirms it; the old address hears of it, with a way to undo it. */

renderers['confirm-email-change'] = (params) => ({
  subject: 'Confirm your new Crew Finder email address',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'You asked to use this address for your Crew Finder account. Your address changes when you open the link below: it is valid for 24 hours and works once. Until then you sign in with your current address.',
      'If you did not ask for this, ignore this email; nothing changes.',
    ],
    { label: 'Confirm my new email', url: str(params, 'link') },
  ),
});

renderers['email-change-notice'] = (params) => ({
  subject: 'Your Crew Finder email address is being changed',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'Someone signed in to your Crew Finder account asked to change its email address from this one to another. The change takes effect once the new address is confirmed.',
      'If it was you, there is nothing to do. If it was not, open the link below within 7 days: it keeps (or brings back) this address, signs your account out everywhere, and lets you choose a new password.',
    ],
    { label: 'This was not me: undo the change', url: str(params, 'link') },
  ),
});

/* Self-service on the account: a password changed, an account deleted by its owner. */

renderers['password-changed'] = (params) => ({
  subject: 'Your Crew Finder password was changed',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'The password of your Crew Finder account was just changed from your profile, and every other session of your account was signed out.',
      'If it was you, there is nothing to do. If it was not, someone knows your old password and is signed in to your account: ask for a password reset with the link below straight away (the link goes to this address only), then check the email address and details on your profile, and write to us through the Help centre.',
    ],
    { label: 'Reset my password', url: str(params, 'link') },
  ),
});

/**
 * Sent once the account is erased, so it is not a job (a job names its
 * recipient by id, and the account is gone): the deleting command renders it
 * and hands it to the mail transport itself, with the address it read
 * before the erasure (see delete-own-account.command.ts).
 */
renderers['account-deleted'] = (params) => ({
  subject: 'Your Crew Finder account has been deleted',
  ...layout([
    `Hello ${str(params, 'firstName')},`,
    'As you asked, your Crew Finder account has been deleted. Your profile, photos, boats, conversations and the reviews you wrote or received are gone. Your pending applications were withdrawn and your application messages deleted. Voyages you skippered were cancelled (their applicants were told) and deleted. Your support tickets were closed and their text removed. A crew subscription paid by card was cancelled with the payment provider, so it is never charged again.',
    'We keep no copy of this address: this is the last email you will receive from us. If you did not delete your account yourself, someone had your password; you can sign up again at any time, and write to us through the Help centre.',
  ]),
});

export const accountMail = new MailTemplates(renderers);
