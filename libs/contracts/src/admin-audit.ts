import { z } from 'zod';

/** One administrator action on a user or voyage, as the detail modals list it (newest first). */
export const adminAuditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string().describe('Dotted code, e.g. user.premium_granted, voyage.suspended'),
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

/** A reason an administrator may give for an action (kept in the audit trail). */
export const ADMIN_REASON_MAX = 2000;
