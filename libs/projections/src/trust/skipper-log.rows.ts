/*
 * The skipper's own sailing log: one row per voyage they skipper, logged with every leg on completion.
 * - Table: `skipper_log`, created in apps/api/src/platform/database/migrations/1764930000001-skipper-log.ts.
 * - Projector: skipper-log.projector.ts (`skipper-log`); the crew's log is trust.rows.ts beside it.
 * - Readers: apps/api/src/modules/safety/queries/get-sailing-log.query.ts (a member's log, beside `sailing_log`);
 *   member-standing/member-trust.ts (a logged voyage counts towards trust).
 */
import type { SailedLeg } from '@crew/domain';

/** A row of `skipper_log`, in the forms of ../row-forms.ts. */
export interface SkipperLogRow {
  readonly voyage_id: string;
  readonly skipper_id: string;
  /** The voyage's legs as they stand, with their miles and days at sea (see sailedLegsOf). */
  readonly route: { legs: SailedLeg[]; distanceNm: number; days: number };
  /** The first completion; null until then. */
  readonly completed_at: Date | null;
  /** The route's legs, miles and days at completion. */
  readonly legs: SailedLeg[] | null;
  readonly distance_nm: number;
  readonly days: number;
  /** The log position of the last event applied (bigint, as text). */
  readonly last_commit: string;
  readonly last_prepare: string;
}
