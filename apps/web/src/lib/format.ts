/*
 * Display rules every feature shares: dates in en-US long
 * form or TBD, durations in days or weeks and days, codes made readable.
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
 * Numbers and dates are written out by hand rather than with Intl (toLocaleString):
 * the app shows en-US forms only, and Intl's first use on a page sets up its
 * locale data, a long task on a phone before a voyage or a count can show.
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** en-US digits: "1,234,567", or with `fractionDigits` decimals ("99.50"), as toLocaleString('en-US') writes them. */
export function formatNumber(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** en-US calendar forms: "June 5, 2026" (long), "Jun 5" or "Jun 5, 2026" (short). */
export function formatCalendarDate(date: Date, form: 'long' | 'short' = 'long', withYear = true): string {
  const month = MONTHS[date.getMonth()] ?? '';
  const day = `${form === 'long' ? month : month.slice(0, 3)} ${date.getDate()}`;
  return withYear ? `${day}, ${date.getFullYear()}` : day;
}

/** en-US long form ("June 5, 2026"); 'TBD' when missing. */
export function formatDate(value: string | null | undefined): string {
  const date = parseCalendarDate(value);
  return date ? formatCalendarDate(date) : 'TBD';
}

/** A moment in full for a tooltip ("May 8, 2026, 10:30 AM"); '' when unreadable. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Days under 7, otherwise weeks and days ("2 weeks 3 days"); 'TBD' when unknown. */
export function formatDuration(days: number | null | undefined): string {
  if (typeof days !== 'number' || !Number.isFinite(days) || days < 0) return 'TBD';
  const whole = Math.round(days);
  if (whole < 7) return plural(whole, 'day');
  const weeks = Math.floor(whole / 7);
  const rest = whole % 7;
  return rest === 0 ? plural(weeks, 'week') : `${plural(weeks, 'week')} ${plural(rest, 'day')}`;
}

/** "night_watches" → "Night watches". */
export const humanize = (code: string): string => code.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Two initials for an avatar without a photo; '?' when there is no name. */
export const initials = (first: string, last: string): string => `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
