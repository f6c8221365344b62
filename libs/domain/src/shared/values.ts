import { disallowedCharactersMessage, isCleanText } from '@crew/rules';
import { reject } from './result';

/**
 * What a read model can hold: the checks every command runs on the values it
 * puts into an event, before the event is decided. The contracts check the
 * same at the door; these hold whatever the caller (a CLI, a test, another
 * command) passes in, so no event reaches the log that a projector cannot store.
 */

/** Clean text and real calendar dates: stated once in libs/rules (text-rules.ts), which the contracts check with too. */
export { CALENDAR_YEARS, isCalendarDate, isCleanText } from '@crew/rules';

export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A finite number within [min, max] (and whole when asked). */
export const isNumberBetween = (value: number, min: number, max: number, integer = false): boolean =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value));

export const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** Refuses text a read model cannot hold or that breaks a length limit; `label` names the field in the message. */
export function checkText(value: string, label: string, max: number, code = 'TEXT_INVALID'): string {
  if (typeof value !== 'string' || !isCleanText(value)) reject('validation', code, disallowedCharactersMessage(label));
  if (value.length > max) reject('validation', code, '{label} must be at most {max} characters', { label, max });
  return value;
}
