import { plural, t } from '@lingui/core/macro';
import { activeLocale } from '../i18n/i18n';
import { formatNumber } from './format';
/** "Usually answers within 2 days" from the median hours to an answer; null until the skipper has answered anyone. */
export function responsivenessLine(medianHours: number | null | undefined): string | null {
  if (medianHours === null || medianHours === undefined) return null;
  if (medianHours < 1) return t`Usually answers within an hour`;
  if (medianHours < 24) {
    const hours = Math.ceil(medianHours);
    return t`Usually answers within ${plural(hours, { one: 'an hour', other: '# hours' })}`;
  }
  const days = Math.ceil(medianHours / 24);
  return t`Usually answers within ${plural(days, { one: 'a day', other: '# days' })}`;
}

/** "Answers 80% of applications within 7 days"; null until one is due. */
export function responseRateLine(rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined) return null;
  const percent = Math.round(rate * 100);
  return t`Answers ${percent}% of applications within 7 days`;
}

export const formatInstant = (iso: string | null | undefined): string =>
  iso
    ? new Date(iso).toLocaleString(activeLocale() === 'en' ? 'en-GB' : activeLocale(), {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      })
    : '—';

/** Nautical miles stay nautical miles, in the language's number format and abbreviation. */
export const formatNm = (nm: number): string => {
  const distance = formatNumber(nm);
  return t`${distance} nm`;
};

/** A datetime-local input's value (local time) as an ISO instant, or null when empty or invalid. */
export function localToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as a datetime-local input's value (local time, minutes). */
export function isoToLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
