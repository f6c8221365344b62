import { activeLocale } from '../../../i18n/i18n';

/*
 * Dates, times and money on the administrator screens: British forms in
 * English (as these screens have always shown them: "8 May 2026, 10:30",
 * "£1,250.00"), the page's language otherwise ("8 mai 2026, 10:30", "1 250,00 £").
 */
const localeTag = (): string => (activeLocale() === 'en' ? 'en-GB' : activeLocale());

/** A moment in the screen's language. */
export const formatMoment = (date: Date, options: Intl.DateTimeFormatOptions): string => date.toLocaleString(localeTag(), options);

/** A calendar day in the screen's language. */
export const formatDay = (date: Date, options: Intl.DateTimeFormatOptions): string => date.toLocaleDateString(localeTag(), options);

/** An amount in a currency ("£30.00", "30,00 £"). */
export const formatMoney = (value: number, currency: string, fractionDigits?: number): string =>
  new Intl.NumberFormat(localeTag(), {
    style: 'currency',
    currency,
    ...(fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  }).format(value);
