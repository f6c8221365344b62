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

/** A percentage as the API gives it (10.6 for 10.6 %): "10.6%" in English, "10,6 %" in French; `signed` adds "+" to a rise. */
export const formatPercent = (value: number, signed = false): string => {
  if (activeLocale() === 'en') return `${signed && value > 0 ? '+' : ''}${value}%`;
  return new Intl.NumberFormat(activeLocale(), { style: 'percent', maximumFractionDigits: 2, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) }).format(value / 100);
};

/** A large count shortened ("1.3K", "3.5M" in English; "1,3 k", "3,5 Mio." as the language writes them). */
export const formatCompact = (value: number): string => new Intl.NumberFormat(activeLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(value);
