/**
 * The arithmetic of Platform Analytics, apart from any database so a test can
 * check it on hand-computed figures: periods, trends and chart buckets.
 */

const DAY_MS = 86_400_000;

/** A UTC calendar day as YYYY-MM-DD. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

export interface Period {
  readonly days: number;
  /** First day of the period (UTC). */
  readonly start: string;
  /** Last day of the period: today. */
  readonly end: string;
  /** First day of the previous period of the same length. */
  readonly previousStart: string;
}

/** The last `days` days up to and including today, and the `days` before them. */
export const periodOf = (days: number, now: Date): Period => {
  const end = dayOf(now);
  const start = addDays(end, -(days - 1));
  return { days, start, end, previousStart: addDays(start, -days) };
};

/** One decimal. */
export const round1 = (value: number): number => Math.round(value * 10) / 10;

/** A share in percent with one decimal; 0 of nothing is 0. */
export const percent = (part: number, whole: number): number => (whole === 0 ? 0 : round1((part / whole) * 100));

/**
 * The change from the previous period in percent (one decimal). From nothing
 * to something is +100; from nothing to nothing is 0; an unknown side is 0.
 */
export const trend = (current: number | null, previous: number | null): number => {
  if (current === null || previous === null) return 0;
  if (previous === 0) return current === 0 ? 0 : 100;
  return round1(((current - previous) / previous) * 100);
};

/**
 * Chart buckets: one per day, or for 365 days one per week counted back from
 * today (the oldest one holds what is left over, a single day). Each is named
 * by its first day.
 */
export const bucketsOf = (period: Period): { bucket: 'day' | 'week'; buckets: { first: string; last: string }[] } => {
  const size = period.days > 90 ? 7 : 1;
  const buckets: { first: string; last: string }[] = [];
  for (let last = period.end; last >= period.start; last = addDays(last, -size)) {
    const first = addDays(last, -(size - 1));
    buckets.unshift({ first: first < period.start ? period.start : first, last });
  }
  return { bucket: size === 7 ? 'week' : 'day', buckets };
};
