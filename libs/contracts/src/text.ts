import { z } from 'zod';

/**
 * Text and dates as every request schema takes them. Text that PostgreSQL
 * cannot store (NUL), that breaks UTF-8 (unpaired UTF-16 surrogates) or that
 * no screen shows (control characters) is refused here once for every field;
 * the API refuses it even earlier, before any route runs.
 */

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this pattern is for
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanText = (value: string): boolean => !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);
export const INVALID_TEXT_MESSAGE = 'Text contains characters that are not allowed (control characters or broken Unicode)';

/** A string with no control characters or broken Unicode; chain .trim(), .min(), .max() as usual. */
export const safeText = (message = INVALID_TEXT_MESSAGE) => z.string().refine(isCleanText, { message, abort: true });

/** A bounded, trimmed text field: `text({ max: 200 })`, with optional messages. */
export const text = (options: { min?: number; max: number; minMessage?: string; maxMessage?: string }) => {
  const trimmed = safeText().trim();
  const bounded = options.min ? trimmed.min(options.min, options.minMessage) : trimmed;
  return bounded.max(options.max, options.maxMessage ?? `Must be at most ${options.max} characters`);
};

/** Years a date may fall in; the domain refuses others as well. */
export const CALENDAR_YEARS = { min: 2000, max: 2100 } as const;

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < CALENDAR_YEARS.min || year > CALENDAR_YEARS.max || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real calendar day as YYYY-MM-DD between 2000 and 2100 (2027-02-30 and 9999-99-99 are refused). */
export const calendarDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a calendar date (YYYY-MM-DD)')
    .refine(isCalendarDate, `Use a real calendar date between ${CALENDAR_YEARS.min} and ${CALENDAR_YEARS.max}`);

/** A number that JSON can carry and a column can hold: finite, within bounds. */
export const boundedNumber = (min: number, max: number, message?: string) => z.number(message ? { message } : undefined).min(min, message).max(max, message);
