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

/** 412 on a change sent with an If-Match that no longer names the current revision. */
export const PRECONDITION_FAILED = 'PRECONDITION_FAILED';
/** 400 on an If-Match that is neither `*` nor a list of quoted entity tags. */
export const INVALID_IF_MATCH = 'INVALID_IF_MATCH';
/** 503 after a write: a read model the answer comes from set the change aside (parked it). */
export const PROJECTION_FAILED = 'PROJECTION_FAILED';
/** 503 after a write: the read model the answer comes from has not caught up within the wait. */
export const PROJECTION_LAGGING = 'PROJECTION_LAGGING';

export const preconditionFailedResponseSchema = errorResponseSchema
  .extend({ code: z.literal(PRECONDITION_FAILED).describe('The change was made on a stale copy; reload, then make it again') })
  .meta({ id: 'PreconditionFailedResponse' });

/** The change was saved, but the answer that shows it cannot be read yet. */
export const projectionUnavailableResponseSchema = errorResponseSchema
  .extend({
    code: z
      .enum([PROJECTION_FAILED, PROJECTION_LAGGING])
      .describe('PROJECTION_FAILED: a read model parked the change (ops are alerted); PROJECTION_LAGGING: it has not caught up yet, reload in a moment'),
  })
  .meta({ id: 'ProjectionUnavailableResponse' });
