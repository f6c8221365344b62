/*
 * Display rules every feature shares (spec section 9): dates in en-US long
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

/** en-US long form ("June 5, 2026"); 'TBD' when missing. */
export function formatDate(value: string | null | undefined): string {
  const date = parseCalendarDate(value);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : 'TBD';
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
