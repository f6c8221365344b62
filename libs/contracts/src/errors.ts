import { z } from 'zod';

/** The one error shape every failing API call answers with. */
export const errorResponseSchema = z
  .object({
    error: z.string().describe('Human-readable message, safe to show to the user'),
    code: z.string().describe('Stable machine-readable code'),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Per-field problems for validation errors'),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
