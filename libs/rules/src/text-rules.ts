import { sharedText } from './shared-texts';

/**
 * Text and dates as every value is checked, at the door (the contracts'
 * schemas) and in the domain (before an event is decided), stated once.
 */

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store and every client can show: no control characters, no broken UTF-16. */
export const isCleanText = (value: string): boolean => !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);

/** The refusal of text that is not clean (isCleanText), naming what holds it: "The review", "Your message"; plain "Text" at the door. */
export const disallowedCharactersMessage = (subject = 'Text'): string =>
  sharedText('{subject} contains characters that are not allowed (control characters or broken Unicode)', { subject });

/** Years a calendar date may fall in: wide enough for any voyage, narrow enough for every date column. */
export const CALENDAR_YEARS = { min: 2000, max: 2100 } as const;

/** A real calendar date as YYYY-MM-DD (2027-02-30 and 9999-99-99 are not) within CALENDAR_YEARS. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date's refusals: not written as YYYY-MM-DD, or not a real day within CALENDAR_YEARS. */
export const CALENDAR_DATE_MESSAGES = {
  format: 'Use a calendar date (YYYY-MM-DD)',
  invalid: sharedText('Use a real calendar date between {min} and {max}', CALENDAR_YEARS),
} as const;
