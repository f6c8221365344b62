import { plural, t } from '@lingui/core/macro';
import { activeLocale } from '../i18n/i18n';

/*
 * Display rules every feature shares: dates in the page's language (en-US long
 * form in English) or TBD, durations in days or weeks and days, codes made readable.
 * Pure and zod-free, so any screen's first chunk can use them.
 */

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})/;

/** A calendar date from "YYYY-MM-DD" (or a timestamp's date part), read as local so it never shifts a day. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  const match = value ? DATE_ONLY.exec(value) : null;
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/*
 * English numbers and dates are written out by hand rather than with Intl
 * (toLocaleString): Intl's first use on a page sets up its locale data, a long
 * task on a phone before a voyage or a count can show. The other languages use
 * Intl (one formatter per form, made once), since their forms ("12 déc. 2026",
 * "1.250,00") are the platform's to know.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
const numberFormat = (fractionDigits: number): Intl.NumberFormat => {
  const key = `n${activeLocale()}${fractionDigits}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(activeLocale(), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })));
  return format;
};
const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `d${activeLocale()}${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(activeLocale(), options)));
  return format;
};
const english = (): boolean => activeLocale() === 'en';
// English month names: English dates are written by hand (see above); every other language's come from Intl.
// eslint-disable-next-line lingui/no-unlocalized-strings -- English only by design
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** en-US digits: "1,234,567", or with `fractionDigits` decimals ("99.50"), as toLocaleString('en-US') writes them. */
export function formatNumber(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  if (!english()) return numberFormat(fractionDigits).format(value);
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** en-US calendar forms: "June 5, 2026" (long), "Jun 5" or "Jun 5, 2026" (short). */
export function formatCalendarDate(date: Date, form: 'long' | 'short' = 'long', withYear = true): string {
  if (!english()) return dateFormat({ day: 'numeric', month: form, ...(withYear ? { year: 'numeric' } : {}) }).format(date);
  const month = MONTHS[date.getMonth()] ?? '';
  const day = `${form === 'long' ? month : month.slice(0, 3)} ${date.getDate()}`;
  return withYear ? `${day}, ${date.getFullYear()}` : day;
}

/** The date not known yet ("TBD" in English). */
export const toBeDecided = (): string => t`TBD`;

/** Long form ("June 5, 2026", "5 juin 2026"); 'TBD' when missing. */
export function formatDate(value: string | null | undefined): string {
  const date = parseCalendarDate(value);
  return date ? formatCalendarDate(date) : toBeDecided();
}

/** A moment in full for a tooltip ("May 8, 2026, 10:30 AM"); '' when unreadable. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return english() ? date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' }) : dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** "3 days", "1 jour". */
export const formatDays = (count: number): string => t`${plural(count, { one: '# day', other: '# days' })}`;
/** "2 weeks", "1 Woche". */
export const formatWeeks = (count: number): string => t`${plural(count, { one: '# week', other: '# weeks' })}`;

/** Days under 7, otherwise weeks and days ("2 weeks 3 days"); 'TBD' when unknown. */
export function formatDuration(days: number | null | undefined): string {
  if (typeof days !== 'number' || !Number.isFinite(days) || days < 0) return toBeDecided();
  const whole = Math.round(days);
  if (whole < 7) return formatDays(whole);
  const weeks = Math.floor(whole / 7);
  const rest = whole % 7;
  if (rest === 0) return formatWeeks(weeks);
  return t`${plural(weeks, { one: '# week', other: '# weeks' })} ${plural(rest, { one: '# day', other: '# days' })}`;
}

/** "night_watches" → "Night watches". */
export const humanize = (code: string): string => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Two initials for an avatar without a photo; '?' when there is no name. */
export const initials = (first: string, last: string): string => `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
