/*
 * The admin audit trail: every administrator action, with who, when, what and why.
 * - Table: `admin_audit`, created in apps/api/src/platform/database/migrations/1764800000000-admin-users.ts.
 * - Projector: admin-audit.projector.ts (`admin-audit`).
 * - Reader: apps/api/src/modules/admin/queries/get-admin-history.query.ts (a user's or a voyage's history).
 */
import type { AdminActionSubject } from '@crew/domain';

/** What an audit line records beside its action and reason (a grant's days, why a voyage was deleted). */
export type AuditDetails = Record<string, string | number | boolean | null>;

/** A row of `admin_audit`, in the forms of ../row-forms.ts. */
export interface AdminAuditRow {
  /** The event's id: a replayed event adds nothing. */
  readonly event_id: string;
  /** Its log position (bigint, as text): the history's order. */
  readonly log_commit: string;
  readonly log_prepare: string;
  readonly subject_type: AdminActionSubject;
  readonly subject_id: string;
  readonly action: string;
  readonly reason: string;
  readonly details: AuditDetails;
  /** The administrator (the event's user); their name is joined from `users` when read. */
  readonly actor_id: string | null;
  readonly occurred_at: Date;
}
