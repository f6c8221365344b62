import type { JsonObject } from '@crew/domain';

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A template parameter as text ('' when absent or not a plain value). */
export const str = (params: JsonObject, key: string): string => {
  const value = params[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
};

/** Wraps paragraphs (and an optional call to action) in the product's plain mail layout. */
export const layout = (paragraphs: readonly string[], action?: { label: string; url: string }): { text: string; html: string } => {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '— Crew Finder'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0b2540;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="background:#0a6cbd;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ''}
<p style="color:#5b6b7b">— Crew Finder</p></body></html>`;
  return { text, html };
};

type Template = (params: JsonObject) => RenderedEmail;

/** Every email the platform sends, by template name. */
export const emailTemplates: Record<string, Template> = {
  'monetization-changed': (params) => {
    const enabled = params['enabled'] === true;
    const body = layout(
      [
        `Hello ${str(params, 'firstName') || 'admin'},`,
        enabled
          ? 'Crew subscriptions are now switched ON: crew members inside the rollout need a subscription to apply for voyages.'
          : 'Crew subscriptions are now switched OFF: every crew member can apply for voyages free of charge.',
        `Changed at ${str(params, 'changedAt')}.`,
      ],
      { label: 'Open platform configuration', url: `${str(params, 'baseUrl')}/admin/config` },
    );
    return { subject: `Monetization ${enabled ? 'enabled' : 'disabled'}`, ...body };
  },
};

emailTemplates['verify-email'] = (params) => ({
  subject: 'Verify your email address',
  ...layout([`Welcome aboard, ${str(params, 'firstName')}!`, 'Please confirm that this is your email address so skippers and crew know they can reach you. The link works once.'], {
    label: 'Verify my email',
    url: str(params, 'link'),
  }),
});

emailTemplates['reset-password'] = (params) => ({
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

emailTemplates['sign-in-link'] = (params) => ({
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

export const renderEmail = (template: string, params: JsonObject): RenderedEmail => {
  const render = emailTemplates[template];
  if (!render) throw new Error(`Unknown email template ${template}`);
  return render(params);
};

/* Applications (spec section 4): the skipper hears of each application, the crew of each decision. */

emailTemplates['application-received'] = (params) => {
  const message = str(params, 'message');
  return {
    subject: `New application for ${str(params, 'voyageTitle')}`,
    ...layout(
      [
        `Hello ${str(params, 'firstName')},`,
        `${str(params, 'applicantName')} has applied to join "${str(params, 'voyageTitle')}" (${str(params, 'legs')}).`,
        ...(message ? [`Their message: “${message}”`] : []),
        'Look at their profile, experience and skills, then accept or reject the application.',
      ],
      { label: 'Review applications', url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}/applications` },
    ),
  };
};

emailTemplates['application-accepted'] = (params) => ({
  subject: `You're on the crew: ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `Good news: ${str(params, 'skipperName')} has accepted your application for "${str(params, 'voyageTitle')}", departing ${str(params, 'departure')}.`,
      'The voyage page has the route, dates and boat. Get in touch with your skipper to plan the details.',
    ],
    { label: 'Open the voyage', url: `${str(params, 'baseUrl')}/voyages/${str(params, 'voyageId')}` },
  ),
});

emailTemplates['application-rejected'] = (params) => ({
  subject: `Your application for ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `Thank you for applying to "${str(params, 'voyageTitle')}". The skipper has not selected you for this voyage.`,
      'There are many more voyages looking for crew; the next one may be a better fit.',
    ],
    { label: 'Browse other voyages', url: `${str(params, 'baseUrl')}/voyages` },
  ),
});

emailTemplates['voyage-cancelled'] = (params) => ({
  subject: `Voyage cancelled: ${str(params, 'voyageTitle')}`,
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `The skipper has cancelled "${str(params, 'voyageTitle')}", which you applied to. Your application is closed; nothing more is needed from you.`,
      'Other voyages are looking for crew on similar dates and routes.',
    ],
    { label: 'Browse voyages', url: `${str(params, 'baseUrl')}/voyages` },
  ),
});

/* Email changes: a link to the new address confirms it; the old address hears of it, with a way to undo it. */

emailTemplates['confirm-email-change'] = (params) => ({
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

emailTemplates['email-change-notice'] = (params) => ({
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
