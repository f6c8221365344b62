import { z } from 'zod';

/**
 * One administrator action on a user or voyage, as the detail modals list it
 * (newest first). A user's or voyage's history also lists the actions on the
 * reviews around it (a review the user wrote or received, a review of the
 * voyage), e.g. `review.hidden`.
 */
export const adminAuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string().describe('Dotted code, e.g. user.premium_granted, voyage.suspended, review.hidden'),
    subject_type: z.string().describe('What the action was on: user, voyage, review…'),
    subject_id: z.string(),
    review: z
      .object({ id: z.string(), voyage_id: z.string(), reviewer_id: z.string(), reviewee_id: z.string() })
      .nullable()
      .describe('For an action on a review: its voyage, author and the member it is about (ids, read now)'),
    reason: z.string(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    actor_id: z.string().nullable(),
    actor_name: z.string().nullable().describe('The administrator as named now (null once their account is gone)'),
    occurred_at: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminHistoryResponseSchema = z.object({ history: z.array(adminAuditEntrySchema) }).meta({ id: 'AdminHistory' });
export type AdminHistoryResponse = z.infer<typeof adminHistoryResponseSchema>;
