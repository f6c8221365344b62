import type { VoyageResponse } from '@crew/contracts';
import { CURRENCY_SYMBOLS } from '@crew/contracts/constants';
import { plural, t } from '@lingui/core/macro';
import { activeLocale } from '../../../i18n/i18n';
import { contributionTypeLabel } from '../../../lib/code-labels';
import { formatNumber, toBeDecided } from '../../../lib/format';

// The shared date, duration and name rules, re-exported so this feature keeps one import path.
export { formatCalendarDate, formatDate, formatDateTime, formatDuration, formatNumber, initials, parseCalendarDate } from '../../../lib/format';

/*
 * Display rules of voyages (money, dates, durations, relative time), in the
 * page's language. Pure and zod-free: the browse screen's first chunk and the
 * voyage form import these, so only types and the schema-free constants come
 * from the contracts.
 */

export type ContributionType = VoyageResponse['contribution_type'];
export type Currency = VoyageResponse['contribution_currency'];
export type ExperienceLevel = VoyageResponse['requirements']['min_experience'];
export const CURRENCY_SYMBOL = CURRENCY_SYMBOLS;

export type BoatType = NonNullable<VoyageResponse['boat']>['boat_type'];

/** Not known yet ("TBD"). */
export const notDecided = toBeDecided;

/** Decimals a number was given with (at most 3, as toLocaleString shows them): 12.5 → 1. */
export const fractionDigitsOf = (value: number): number => {
  const [, fraction = ''] = String(Math.round(value * 1000) / 1000).split('.');
  return fraction.length;
};

/** A number as it was typed, with its own decimals (up to 3): "1,250.5" in English. */
export const formatTypedNumber = (value: number): string => formatNumber(value, fractionDigitsOf(value));

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * £120, $1,250, €99.50 in English: whole amounts without decimals (or the
 * decimals asked for); the language's own form elsewhere ("99,50 €").
 */
export function formatMoney(amount: number, currency: Currency, fractionDigits = Number.isInteger(amount) ? 0 : 2): string {
  const locale = activeLocale();
  if (locale === 'en') return `${CURRENCY_SYMBOL[currency] ?? ''}${formatNumber(amount, fractionDigits)}`;
  const key = `${locale}${currency}${fractionDigits}`;
  let format = moneyFormats.get(key);
  if (!format)
    moneyFormats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })));
  return format.format(amount);
}

/** 'Free', 'Share costs (~amount)', the amount alone for paid, 'Paid' without an amount, 'TBD' when unknown. */
export function formatContribution(type: ContributionType | null | undefined, amount: number | null | undefined, currency: Currency | null | undefined): string {
  const hasAmount = typeof amount === 'number' && Number.isFinite(amount) && amount > 0;
  const money = hasAmount ? formatMoney(amount, currency ?? 'GBP') : null;
  switch (type) {
    case 'free':
      return contributionTypeLabel('free');
    case 'shared_costs':
      return money ? t`Share costs (~${money})` : t`Share costs`;
    case 'paid':
      return money ?? contributionTypeLabel('paid');
    default:
      return notDecided();
  }
}

/** A leg's duration: hours / 24 rounded, in days. */
export function formatSegmentDuration(hours: number | null | undefined): string {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 0) return notDecided();
  const days = Math.round(hours / 24);
  // A short hop (or a leg that arrives the day it leaves) would round to "0 days", which reads as an error.
  if (days === 0) return t`Under a day`;
  return plural(days, { one: '# day', other: '# days' });
}

/** "1,234 nm": nautical miles, in the language's number form and abbreviation. */
export function formatDistance(nm: number | null | undefined): string {
  if (typeof nm !== 'number' || !Number.isFinite(nm)) return notDecided();
  const distance = formatNumber(Math.round(nm));
  return t`${distance} nm`;
}

/** A distance as it was entered, with its own decimals ("12.5 nm"). */
export function formatTypedDistance(nm: number): string {
  const distance = formatTypedNumber(nm);
  return t`${distance} nm`;
}

/** A boat's length in feet ("38 ft"), whole by default or as it was entered. */
export function formatFeet(feet: number, whole = true): string {
  const length = whole ? formatNumber(Math.round(feet)) : formatTypedNumber(feet);
  return t`${length} ft`;
}

/** Today, yesterday, days ago under 7, weeks ago under 30 days, then months. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days <= 0) return t`today`;
  if (days === 1) return t`yesterday`;
  if (days < 7) return plural(days, { one: '# day ago', other: '# days ago' });
  const weeks = Math.floor(days / 7);
  if (days < 30) return plural(weeks, { one: '# week ago', other: '# weeks ago' });
  const months = Math.max(1, Math.floor(days / 30));
  return plural(months, { one: '# month ago', other: '# months ago' });
}

/** Cut at a word boundary near `max` characters. */
export function truncate(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
