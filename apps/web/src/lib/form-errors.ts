import { translateSharedText } from '@crew/rules';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-client';

/**
 * A message of the shared rules or the contracts (a validation message, a
 * refusal's words) in the page's language: the shared catalogue is keyed by
 * the English words, a text with values by the template it was made from. A
 * text it does not know (one the server already said in this language) stays
 * as it is. Call it when showing the text, not before the language is active.
 */
export const sharedMessage = (text: string): string => translateSharedText(i18n, text);

/** First message per top-level field of a failed zod parse, in the page's language. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = sharedMessage(issue.message);
  }
  return errors;
}

/** First message per field that the server named in a 400 (the same fields the form has). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const detail of error.details ?? []) {
    const field = detail.path.split('.')[0] ?? '';
    if (field && !(field in errors)) errors[field] = sharedMessage(detail.message);
  }
  return errors;
}

/** The field errors of a parse result: none when it succeeded. */
export const errorsOf = (result: { success: true } | { success: false; error: z.ZodError }): Record<string, string> => (result.success ? {} : fieldErrors(result.error));

/** Whether the server's refusal named any of these fields (its message then shows under the field, not above the form). */
export const refusesAnyField = (error: unknown, fields: readonly string[]): boolean => {
  const refused = serverFieldErrors(error);
  return fields.some((field) => field in refused);
};
