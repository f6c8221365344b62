/*
 * Voyage summaries: what browse, the map, a voyage's page and the dashboards show of each voyage.
 * - Tables: `voyage_summaries`, created in apps/api/src/platform/database/migrations/1764200000000-voyage-summaries.ts
 *   (columns added by 1764400000000-voyage-browse, 1764500000000-applications, 1764700000001-voyage-summaries-without-names,
 *   1764800000000-admin-users, 1764880000000-trust-and-safety, 1765020000000-account-suspensions, 1765030000000-voyage-places and 1765130000001-voyage-food-and-flags,
 *   which also holds the generated `search` vector), and `voyage_owner_suspensions` (1765020000000-account-suspensions).
 * - Projector: voyage-summary.projector.ts (`voyage-summaries`).
 * - Readers: apps/api/src/modules/voyages/voyage-read-model.ts (browse, map, detail, my voyages) and
 *   admin/admin-voyage-read-model.ts; joined for a voyage's title, status and skipper by
 *   applications/application-read-model.ts, safety/safety-read-model.ts, messaging/conversation-read-model.ts,
 *   reviews/review-read-model.ts and the reviews, safety and analytics queries.
 */
import type { ContributionType, Currency, ExperienceLevel, Segment, VoyageStatus } from '@crew/domain';

/** A row of `voyage_summaries` (all but the generated `search` vector), in the forms of ../row-forms.ts. */
export interface VoyageSummaryRow {
  readonly voyage_id: string;
  readonly skipper_id: string;
  /** A published status, or a draft only its skipper sees. */
  readonly status: 'draft' | VoyageStatus;
  readonly title: string;
  readonly description: string;
  /** YYYY-MM-DD (a `date`: read with to_char). */
  readonly start_date: string | null;
  readonly end_date: string | null;
  readonly duration_days: number | null;
  readonly total_distance_nm: number;
  readonly crew_needed: number;
  readonly contribution_type: ContributionType;
  /** numeric: read as ::float8. */
  readonly contribution_amount: number | null;
  readonly contribution_currency: Currency;
  readonly contribution_details: string;
  readonly is_custom: boolean;
  readonly custom_notes: string;
  /** The skipper says meals aboard are included. */
  readonly includes_food: boolean;
  readonly boat_id: string | null;
  readonly min_experience: ExperienceLevel;
  /** Skill taxonomy keys. */
  readonly skills: string[];
  readonly segments: Segment[];
  readonly departure_port: string | null;
  readonly arrival_port: string | null;
  /** Every port of every leg, their countries and the regions they lie in (see voyage-places): searched with the ports. */
  readonly places: string;
  readonly longitude: number | null;
  readonly latitude: number | null;
  readonly application_count: number;
  readonly pending_count: number;
  /** The most crew aboard at once: whole-voyage crew plus the fullest leg's. */
  readonly current_crew_count: number;
  /** Accepted crew for the whole voyage, and per leg order for part of it. */
  readonly whole_voyage_crew: number;
  readonly leg_crew: Record<string, number>;
  /** An administrator suspended it: out of browse, map and search. */
  readonly suspended: boolean;
  /** Its skipper's account is suspended: out of browse like a suspended voyage, back when they are reinstated. */
  readonly owner_suspended: boolean;
  /** Flagged for review by an administrator and not cleared since: the admin's moderation queue. */
  readonly flagged_for_review: boolean;
  /** The administrator's notes with the flag ('' when none, or once cleared). */
  readonly flag_notes: string;
  /** Departed without being started: out of browse, kept for its skipper and crew. */
  readonly archived: boolean;
  readonly longest_leg_nm: number;
  readonly created_at: Date;
  readonly updated_at: Date;
  /** The log position of the last event applied (bigint, as text). */
  readonly last_commit: string;
  readonly last_prepare: string;
  /** Stream revision of the last event applied (the voyage's ETag; bigint, as text); null until the row's next event or a rebuild. */
  readonly revision: string | null;
}

/** A row of `voyage_owner_suspensions`: a skipper whose account is suspended, so their voyages written later start suspended too. */
export interface VoyageOwnerSuspensionRow {
  readonly user_id: string;
}
