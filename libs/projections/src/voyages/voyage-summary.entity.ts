import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Numeric columns come back from pg as strings; these stay numbers. */
const numeric = { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) };

@Entity({ name: 'voyage_summaries' })
export class VoyageSummary {
  @PrimaryColumn({ name: 'voyage_id', type: 'uuid' }) voyageId!: string;
  @Column({ name: 'skipper_id', type: 'uuid' }) skipperId!: string;
  @Column({ type: 'text' }) status!: string;
  @Column({ type: 'text' }) title!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ name: 'start_date', type: 'date', nullable: true }) startDate!: string | null;
  @Column({ name: 'end_date', type: 'date', nullable: true }) endDate!: string | null;
  @Column({ name: 'duration_days', type: 'integer', nullable: true }) durationDays!: number | null;
  @Column({ name: 'total_distance_nm', type: 'integer' }) totalDistanceNm!: number;
  @Column({ name: 'crew_needed', type: 'integer' }) crewNeeded!: number;
  @Column({ name: 'contribution_type', type: 'text' }) contributionType!: string;
  @Column({ name: 'contribution_amount', type: 'numeric', nullable: true, transformer: numeric }) contributionAmount!: number | null;
  @Column({ name: 'contribution_currency', type: 'text' }) contributionCurrency!: string;
  @Column({ name: 'contribution_details', type: 'text' }) contributionDetails!: string;
  @Column({ name: 'is_custom', type: 'boolean' }) isCustom!: boolean;
  @Column({ name: 'custom_notes', type: 'text' }) customNotes!: string;
  @Column({ name: 'boat_id', type: 'uuid', nullable: true }) boatId!: string | null;
  @Column({ name: 'min_experience', type: 'text' }) minExperience!: string;
  @Column({ type: 'jsonb' }) skills!: string[];
  @Column({ type: 'jsonb' }) segments!: unknown[];
  @Column({ name: 'departure_port', type: 'text', nullable: true }) departurePort!: string | null;
  @Column({ name: 'arrival_port', type: 'text', nullable: true }) arrivalPort!: string | null;
  /** Every port of every leg, their countries and the regions they lie in: searched with the ports. */
  @Column({ type: 'text', default: '' }) places!: string;
  @Column({ type: 'double precision', nullable: true }) longitude!: number | null;
  @Column({ type: 'double precision', nullable: true }) latitude!: number | null;
  @Column({ name: 'application_count', type: 'integer' }) applicationCount!: number;
  @Column({ name: 'pending_count', type: 'integer' }) pendingCount!: number;
  @Column({ name: 'current_crew_count', type: 'integer' }) currentCrewCount!: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
  /** Revision of the voyage's stream last applied: the voyage's ETag. */
  @Column({ type: 'bigint', nullable: true }) revision!: string | null;
  /** Suspended by an administrator: hidden from browse, map and search. */
  @Column({ type: 'boolean', default: false }) suspended!: boolean;
  /** Its skipper's account is suspended: hidden from browse, map and search until they are reinstated. */
  @Column({ name: 'owner_suspended', type: 'boolean', default: false }) ownerSuspended!: boolean;
  /** Departed without being started: out of browse, kept for its skipper and crew. */
  @Column({ type: 'boolean', default: false }) archived!: boolean;
  /** The longest leg in nm: an offshore passage when long (the match score reads it). */
  @Column({ name: 'longest_leg_nm', type: 'integer', default: 0 }) longestLegNm!: number;
}
