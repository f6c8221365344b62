import type { JsonObject } from '@crew/domain';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { layout, str, type MailRenderers } from '../../platform/mail/email-templates';
import { MailTemplates } from '../../platform/contributions';
import { intlLocale, localeOf } from '../../platform/mail/mail-i18n';

/** "15 January 2028" in English (en-GB, UTC), "15 janvier 2028" in French: the day in the mail's language. */
const day = (iso: string, i18n: I18n): string => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleDateString(intlLocale(i18n), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
};
/** Minor units to money in the mail's language: "£30.00" in English (other currencies by their code), "30,00 £" in French. */
const moneyOf = (minor: unknown, currencyCode: string, i18n: I18n): string => {
  const units = Number(minor);
  const currency = currencyCode.toUpperCase() || 'GBP';
  if (localeOf(i18n) === 'en' || !Number.isFinite(units) || !/^[A-Z]{3}$/.test(currency)) {
    const amount = Number.isFinite(units) ? (units / 100).toFixed(2) : '?';
    return currency === 'GBP' ? `£${amount}` : `${amount} ${currency}`;
  }
  return (units / 100).toLocaleString(intlLocale(i18n), { style: 'currency', currency });
};
const money = (params: JsonObject, i18n: I18n): string => moneyOf(params['amountPaid'], str(params, 'currency'), i18n);
const manage = (params: JsonObject, i18n: I18n) => ({ label: t(i18n)`Your subscription`, url: `${str(params, 'baseUrl')}/subscription` });

const renderers: MailRenderers = {};

renderers['subscription-confirmed'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const renewal = params['renewal'] === true;
  const paid = money(params, i18n);
  const from = day(str(params, 'periodStart'), i18n);
  const until = day(str(params, 'periodEnd'), i18n);
  return {
    subject: renewal ? t(i18n)`Your crew subscription has been renewed` : t(i18n)`Your crew subscription is active`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        renewal
          ? t(i18n)`Thank you: your crew subscription has been renewed for another year.`
          : t(i18n)`Thank you: your crew subscription is active, and you can apply to any voyage.`,
        t(i18n)`Receipt: ${paid} paid for ${from} to ${until}.`,
        t(i18n)`It renews automatically on ${until}; you can cancel at any time before then from your subscription page.`,
      ],
      manage(params, i18n),
      localeOf(i18n),
    ),
  };
};

renderers['subscription-duplicate-refunded'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const refundedInFull = params['refunded'] === true;
  const refunded = moneyOf(params['amountRefunded'] ?? null, str(params, 'currency'), i18n);
  const paid = money(params, i18n);
  return {
    subject: refundedInFull ? t(i18n)`Your extra crew subscription was cancelled and refunded` : t(i18n)`Your extra crew subscription was cancelled`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(
          i18n,
        )`You paid for a second crew subscription while your first was already active (two checkouts were completed). We kept your first subscription and cancelled the second, so it will never be charged again.`,
        refundedInFull
          ? t(i18n)`Refund: ${refunded} of the ${paid} it took is on its way back to your card (banks usually take 5 to 10 days).`
          : t(i18n)`Its payment of ${paid} could not be refunded automatically: reply to this email and we will sort it out.`,
      ],
      manage(params, i18n),
      localeOf(i18n),
    ),
  };
};

renderers['subscription-renewal-failed'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  return {
    subject: t(i18n)`We could not renew your crew subscription`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(
          i18n,
        )`The payment to renew your crew subscription did not go through. Please update your card from your subscription page ("Manage billing") so you can keep applying to voyages.`,
      ],
      manage(params, i18n),
      localeOf(i18n),
    ),
  };
};

renderers['subscription-expired'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  return {
    subject: t(i18n)`Your crew subscription has ended`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(
          i18n,
        )`Your crew subscription has ended. You can still browse voyages, message skippers and keep your profile; to apply to voyages again, subscribe from your subscription page.`,
      ],
      manage(params, i18n),
      localeOf(i18n),
    ),
  };
};

renderers['subscription-granted'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const until = day(str(params, 'periodEnd'), i18n);
  return {
    subject: t(i18n)`You have been given crew premium access`,
    ...layout(
      [t(i18n)`Hello ${firstName},`, t(i18n)`The Crew Finder team has given you premium access until ${until}: you can apply to any voyage.`],
      manage(params, i18n),
      localeOf(i18n),
    ),
  };
};

renderers['subscription-revoked'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  return {
    subject: t(i18n)`Your crew premium access has ended`,
    ...layout(
      [t(i18n)`Hello ${firstName},`, t(i18n)`The Crew Finder team has ended your premium access. If you think this is a mistake, reply to this email.`],
      manage(params, i18n),
      localeOf(i18n),
    ),
  };
};

renderers['trial-ending'] = (params, i18n) => {
  const firstName = str(params, 'firstName');
  const endsOn = day(str(params, 'trialEndsAt'), i18n);
  const price = moneyOf(Math.round(Number(params['priceGbp']) * 100), 'GBP', i18n);
  return {
    subject: t(i18n)`Your free trial ends in 3 days`,
    ...layout(
      [
        t(i18n)`Hello ${firstName},`,
        t(
          i18n,
        )`Your free trial ends on ${endsOn}. After that, applying to voyages needs a crew subscription (${price} a year, renewing automatically). Browsing, messaging and your profile stay free.`,
      ],
      manage(params, i18n),
      localeOf(i18n),
    ),
  };
};

export const subscriptionMail = new MailTemplates(
  renderers,
  {},
  {
    'subscription-confirmed': 'subscription',
    'subscription-duplicate-refunded': 'subscription',
    'subscription-renewal-failed': 'subscription',
    'subscription-expired': 'subscription',
    'subscription-granted': 'subscription',
    'subscription-revoked': 'subscription',
    'trial-ending': 'subscription',
  },
);
