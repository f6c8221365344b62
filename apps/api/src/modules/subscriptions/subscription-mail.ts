import type { JsonObject } from '@crew/domain';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';

/** "15 January 2028", as the rest of the mail speaks (en-GB, UTC). */
const day = (iso: string): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};
/** Pence to "£30.00" (other currencies by their code). */
const money = (params: JsonObject): string => {
  const pence = Number(params['amountPaid']);
  const currency = str(params, 'currency').toUpperCase() || 'GBP';
  const amount = Number.isFinite(pence) ? (pence / 100).toFixed(2) : '?';
  return currency === 'GBP' ? `£${amount}` : `${amount} ${currency}`;
};
const manage = (params: JsonObject) => ({ label: 'Your subscription', url: `${str(params, 'baseUrl')}/subscription` });

const renderers: MailRenderers = {};

renderers['subscription-confirmed'] = (params) => ({
  subject: params['renewal'] === true ? 'Your crew subscription has been renewed' : 'Your crew subscription is active',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      params['renewal'] === true
        ? 'Thank you: your crew subscription has been renewed for another year.'
        : 'Thank you: your crew subscription is active, and you can apply to any voyage.',
      `Receipt: ${money(params)} paid for ${day(str(params, 'periodStart'))} to ${day(str(params, 'periodEnd'))}.`,
      `It renews automatically on ${day(str(params, 'periodEnd'))}; you can cancel at any time before then from your subscription page.`,
    ],
    manage(params),
  ),
});

renderers['subscription-duplicate-refunded'] = (params) => ({
  subject: params['refunded'] === true ? 'Your extra crew subscription was cancelled and refunded' : 'Your extra crew subscription was cancelled',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'You paid for a second crew subscription while your first was already active (two checkouts were completed). We kept your first subscription and cancelled the second, so it will never be charged again.',
      params['refunded'] === true
        ? `Refund: ${money({ ...params, amountPaid: params['amountRefunded'] ?? null })} of the ${money(params)} it took is on its way back to your card (banks usually take 5 to 10 days).`
        : `Its payment of ${money(params)} could not be refunded automatically: reply to this email and we will sort it out.`,
    ],
    manage(params),
  ),
});

renderers['subscription-renewal-failed'] = (params) => ({
  subject: 'We could not renew your crew subscription',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'The payment to renew your crew subscription did not go through. Please update your card from your subscription page ("Manage billing") so you can keep applying to voyages.',
    ],
    manage(params),
  ),
});

renderers['subscription-expired'] = (params) => ({
  subject: 'Your crew subscription has ended',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      'Your crew subscription has ended. You can still browse voyages, message skippers and keep your profile; to apply to voyages again, subscribe from your subscription page.',
    ],
    manage(params),
  ),
});

renderers['subscription-granted'] = (params) => ({
  subject: 'You have been given crew premium access',
  ...layout(
    [`Hello ${str(params, 'firstName')},`, `The Crew Finder team has given you premium access until ${day(str(params, 'periodEnd'))}: you can apply to any voyage.`],
    manage(params),
  ),
});

renderers['subscription-revoked'] = (params) => ({
  subject: 'Your crew premium access has ended',
  ...layout([`Hello ${str(params, 'firstName')},`, 'The Crew Finder team has ended your premium access. If you think this is a mistake, reply to this email.'], manage(params)),
});

renderers['trial-ending'] = (params) => ({
  subject: 'Your free trial ends in 3 days',
  ...layout(
    [
      `Hello ${str(params, 'firstName')},`,
      `Your free trial ends on ${day(str(params, 'trialEndsAt'))}. After that, applying to voyages needs a crew subscription (£${Number(params['priceGbp']).toFixed(2)} a year, renewing automatically). Browsing, messaging and your profile stay free.`,
    ],
    manage(params),
  ),
});

export const subscriptionMail = new MailTemplates(renderers);
