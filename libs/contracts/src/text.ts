import { z } from 'zod';
import { CALENDAR_DATE_MESSAGES, CALENDAR_YEARS, disallowedCharactersMessage, isCalendarDate, isCleanText, sharedText } from '@crew/rules';

/**
 * Text and dates as every request schema takes them. Text that PostgreSQL
 * cannot store (NUL), that breaks UTF-8 (unpaired UTF-16 surrogates) or that
 * no screen shows (control characters) is refused here once for every field;
 * the API refuses it even earlier, before any route runs.
 */

/** No control characters, no broken UTF-16; years 2000 to 2100, real days only: the checks the domain makes too (libs/rules, text-rules.ts). */
export { CALENDAR_YEARS, isCalendarDate, isCleanText };
export const INVALID_TEXT_MESSAGE = disallowedCharactersMessage();

/** A string with no control characters or broken Unicode; chain .trim(), .min(), .max() as usual. */
export const safeText = (message = INVALID_TEXT_MESSAGE) => z.string().refine(isCleanText, { message, abort: true });

/** A bounded, trimmed text field: `text({ max: 200 })`, with optional messages. */
export const text = (options: { min?: number; max: number; minMessage?: string; maxMessage?: string }) => {
  const trimmed = safeText().trim();
  const bounded = options.min ? trimmed.min(options.min, options.minMessage) : trimmed;
  return bounded.max(options.max, options.maxMessage ?? sharedText('Must be at most {max} characters', { max: options.max }));
};

/** A real calendar day as YYYY-MM-DD between 2000 and 2100 (2027-02-30 and 9999-99-99 are refused). */
export const calendarDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, CALENDAR_DATE_MESSAGES.format)
    .refine(isCalendarDate, CALENDAR_DATE_MESSAGES.invalid);

/** A number that JSON can carry and a column can hold: finite, within bounds. */
export const boundedNumber = (min: number, max: number, message?: string) =>
  z
    .number(message ? { message } : undefined)
    .min(min, message)
    .max(max, message);
