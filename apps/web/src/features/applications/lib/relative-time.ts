import { plural, t } from '@lingui/core/macro';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * When an application was made: days, hours, minutes, or
 * "Just now" under a minute. A time in the future (clock skew) reads "Just now";
 * an unreadable one gives ''.
 */
export function formatApplicationTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now.getTime() - date.getTime();
  const days = Math.floor(elapsed / DAY_MS);
  const hours = Math.floor(elapsed / HOUR_MS);
  const minutes = Math.floor(elapsed / MINUTE_MS);
  if (elapsed >= DAY_MS) return t`${plural(days, { one: '# day ago', other: '# days ago' })}`;
  if (elapsed >= HOUR_MS) return t`${plural(hours, { one: '# hour ago', other: '# hours ago' })}`;
  if (elapsed >= MINUTE_MS) return t`${plural(minutes, { one: '# minute ago', other: '# minutes ago' })}`;
  return t`Just now`;
}
