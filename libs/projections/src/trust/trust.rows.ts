/*
 * Trust and sea safety, from each voyage's own events: the crew's sailing log, crew agreements, float plans and the
 * voyage's safety timeline.
 * - Tables: `sailing_log`, `crew_agreements`, `float_plans` and `voyage_timeline`, created in
 *   apps/api/src/platform/database/migrations/1764880000000-trust-and-safety.ts.
 * - Projector: trust.projector.ts (`trust`); the skipper's own log is skipper-log.rows.ts beside it.
 * - Readers: apps/api/src/modules/safety/safety-read-model.ts (float plans, the timeline) and safety/queries/
 *   (get-sailing-log, get-agreement, list-awaiting-agreements, get-voyage-trust); safety-scheduler.ts (overdue plans,
 *   logs to confirm); member-standing/member-trust.ts and activity's crew stats (confirmed logs).
 */
import type { AgreementTerms, CheckInKind, SailedLeg } from '@crew/domain';

/** A row of `sailing_log`: a crew member recorded at completion, in the forms of ../row-forms.ts. */
export interface SailingLogRow {
  readonly voyage_id: string;
  readonly crew_id: string;
  /** Pending until the skipper confirms or removes them (confirmed automatically after 7 days). */
  readonly status: 'pending' | 'confirmed' | 'removed';
  readonly completed_at: Date;
  readonly confirmed_at: Date | null;
  readonly confirmed_by: 'skipper' | 'auto' | null;
  /** The legs sailed, their miles and days at sea, once confirmed. */
  readonly legs: SailedLeg[];
  readonly distance_nm: number;
  readonly days: number;
  /** The log position of the last event applied (bigint, as text). */
  readonly last_commit: string;
  readonly last_prepare: string;
}

/** A row of `crew_agreements`: the current version of a crew member's agreement and the one they accepted. */
export interface CrewAgreementRow {
  readonly agreement_id: string;
  readonly voyage_id: string;
  readonly crew_id: string;
  readonly version: number;
  readonly terms: AgreementTerms;
  readonly issued_at: Date;
  readonly accepted_version: number | null;
  readonly accepted_terms: AgreementTerms | null;
  readonly accepted_at: Date | null;
  /** The crew member lets the skipper see their emergency contact. */
  readonly share_emergency_contact: boolean;
  readonly last_commit: string;
  readonly last_prepare: string;
}

/** A row of `float_plans`: a voyage's current plan, its check-ins and whether the overdue alert went out. */
export interface FloatPlanRow {
  readonly voyage_id: string;
  readonly version: number;
  /** The leg it covers; null: the whole voyage. */
  readonly segment_order: number | null;
  readonly departure_at: Date;
  readonly expected_arrival_at: Date;
  /** Member ids aboard. */
  readonly aboard: string[];
  readonly boat_description: string;
  readonly call_sign: string;
  readonly notes: string;
  readonly shore_contact_ids: string[];
  /** The coastguard region the alert names. */
  readonly region: string;
  readonly filed_at: Date;
  readonly departed_at: Date | null;
  readonly arrived_at: Date | null;
  readonly overdue_at: Date | null;
  readonly last_lat: number | null;
  readonly last_lon: number | null;
  readonly last_position_at: Date | null;
  readonly last_commit: string;
  readonly last_prepare: string;
}

/** What a timeline line records, by kind (ids, versions, times and positions; never a name). */
export interface VoyageTimelineData {
  readonly crewId?: string;
  readonly by?: 'skipper' | 'auto';
  readonly distanceNm?: number;
  readonly version?: number;
  readonly segmentOrder?: number | null;
  readonly departureAt?: string;
  readonly expectedArrivalAt?: string;
  readonly lat?: number | null;
  readonly lon?: number | null;
  readonly note?: string;
  readonly reportedAt?: string;
  /** When the server got a check-in made earlier on the device (sent once the connection returned). */
  readonly receivedAt?: string;
  readonly planVersion?: number | null;
  readonly lastPosition?: { lat: number; lon: number; reportedAt: string } | null;
  readonly region?: string;
}

/** A row of `voyage_timeline`: who reported what and when. */
export interface VoyageTimelineRow {
  readonly event_id: string;
  readonly voyage_id: string;
  readonly at: Date;
  readonly kind: 'log_confirmed' | 'log_removed' | 'agreement_issued' | 'agreement_accepted' | 'float_plan_filed' | `check_in_${CheckInKind}` | 'overdue_alert';
  /** Who reported it; null for the platform's own alerts. */
  readonly actor_id: string | null;
  readonly data: VoyageTimelineData;
  /** The event's log position (bigint, as text): the timeline's order. */
  readonly log_commit: string;
  readonly log_prepare: string;
}
