import type { z } from 'zod';

/** First message per top-level field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The field errors of a parse result: none when it succeeded. */
export const errorsOf = (result: { success: true } | { success: false; error: z.ZodError }): Record<string, string> =>
  result.success ? {} : fieldErrors(result.error);
