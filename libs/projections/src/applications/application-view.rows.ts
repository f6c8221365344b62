/*
 * Applications: each application to a voyage, its status and the legs applied for.
 * - Table: `applications`, created in apps/api/src/platform/database/migrations/1764500000000-applications.ts
 *   (the applicant's message is state, in `application_messages` beside it).
 * - Projector: application-view.projector.ts (`applications`).
 * - Readers: apps/api/src/modules/applications/application-read-model.ts (the application pages and a voyage's
 *   applicants); voyages/voyage-read-model.ts (the viewer's own application to each voyage); safety and
 *   member-standing read who was accepted.
 */
import type { ApplicationStatus } from '@crew/domain';

/** A row of `applications`, in the forms of ../row-forms.ts. */
export interface ApplicationViewRow {
  readonly application_id: string;
  readonly voyage_id: string;
  readonly crew_id: string;
  readonly status: ApplicationStatus;
  /** The legs applied for (their orders); empty: the whole voyage. */
  readonly segment_orders: number[];
  readonly created_at: Date;
  readonly updated_at: Date;
  /** When the skipper accepted or rejected it; an expired application has none. */
  readonly decided_at: Date | null;
  /** The log position of the last event applied (bigint, as text). */
  readonly last_commit: string;
  readonly last_prepare: string;
}
