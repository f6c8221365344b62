import { monetizationTerms, type MonetizationTermsInput } from '@crew/domain';
import { SOURCE_LOCALE, type Locale } from '@crew/rules';
import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import type { DataSource } from 'typeorm';
import { intlLocale, mailI18n } from '../../platform/mail/mail-i18n';
import { loadMonetizationTerms } from '../subscriptions/subscription-access';
import type { GeneratedAnswers } from './kb-read-model';

/** The yearly price as the language writes money ("£30" in English, "30 £" in French, "29,50 £" with pence). */
const priceIn = (pounds: number, i18n: I18n): string =>
  pounds.toLocaleString(intlLocale(i18n), {
    style: 'currency',
    currency: 'GBP',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(pounds) ? 0 : 2,
    maximumFractionDigits: 2,
  });

/**
 * The domain's answers about paying (monetizationTerms) in a language of the
 * API's catalogue: the same sentences for the same configuration, as Lingui
 * messages, joined as the domain joins them. English is the domain's own
 * text; translators keep the Markdown links as they are (the web puts them
 * under the page's language).
 */
export const monetizationTermsIn = (input: MonetizationTermsInput, i18n: I18n): GeneratedAnswers => {
  const price = priceIn(input.priceGbp, i18n);
  const days = input.freeTrialPeriodDays;
  const trial =
    days > 0 ? t(i18n)`New crew accounts can apply free for their first ${plural(days, { one: '# day', other: '# days' })}.` : t(i18n)`There is no free trial at the moment.`;
  const howToPay = input.paymentsConfigured
    ? t(i18n)`You subscribe by card on your [Subscription](/subscription) page.`
    : t(i18n)`Card payments are not open yet: if you need access to apply, [contact our support team](/help#contact-heading), who can give your account access.`;
  const subscriptionTerms = t(
    i18n,
  )`It renews automatically each year; you can cancel at any time before the renewal date and keep access until the end of the year you have paid for. Payments go through our card payment provider, so we never see or store your card details. The subscription only covers using Crew Finder; it is not a payment to any skipper.`;
  if (!input.monetizationEnabled) {
    return {
      crewAccess: t(
        i18n,
      )`Yes, at the moment. Applying to voyages is free for every crew member, and skipper accounts are always free. Our terms provide for an annual crew subscription of ${price} a year; nothing is charged while applying is free, and your [Subscription](/subscription) page always shows whether you need one.`,
      subscription: [
        t(i18n)`No subscription is needed at the moment: applying to voyages is free. If the crew subscription is introduced, it costs ${price} a year.`,
        subscriptionTerms,
      ].join(' '),
    };
  }
  const rollout = input.rolloutPercentage < 100 ? [t(i18n)`While it is being introduced, some crew accounts keep free access.`] : [];
  return {
    crewAccess: [
      t(
        i18n,
      )`Skipper accounts are always free. Crew members need a crew subscription of ${price} a year to apply to voyages; browsing voyages, messaging skippers and your profile stay free.`,
      trial,
      ...rollout,
      t(i18n)`Your [Subscription](/subscription) page shows whether your account needs one.`,
      howToPay,
    ].join(' '),
    subscription: [t(i18n)`The crew subscription costs ${price} a year.`, trial, howToPay, subscriptionTerms].join(' '),
  };
};

/** The answers in a language: English word for word as the domain writes them, other languages from the API's catalogue. */
export const answersIn = (input: MonetizationTermsInput, locale: Locale): GeneratedAnswers =>
  locale === SOURCE_LOCALE ? monetizationTerms(input) : monetizationTermsIn(input, mailI18n(locale));

/** The Help centre's answers about paying, from the configuration and the payment setup as they are now, in the reader's language. */
export async function generatedAnswers(dataSource: DataSource, paymentsConfigured: boolean, locale: Locale = SOURCE_LOCALE): Promise<GeneratedAnswers> {
  return answersIn(await loadMonetizationTerms(dataSource, paymentsConfigured), locale);
}
