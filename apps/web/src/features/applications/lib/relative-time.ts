const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const ago = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * When an application was made: days, hours, minutes, or
 * "Just now" under a minute. A time in the future (clock skew) reads "Just now";
 * an unreadable one gives ''.
 */
export function formatApplicationTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed >= DAY_MS) return ago(Math.floor(elapsed / DAY_MS), 'day');
  if (elapsed >= HOUR_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed >= MINUTE_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minute');
  return 'Just now';
}
