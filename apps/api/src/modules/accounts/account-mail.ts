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

export const accountMail = new MailTemplates(renderers);
