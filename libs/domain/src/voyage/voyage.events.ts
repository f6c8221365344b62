import type { DomainEvent, JsonObject } from '../shared/event';
import type { ContributionType, Currency, ExperienceLevel, VoyageStatus } from './voyage.rules';

export interface PortStop extends JsonObject {
  readonly name: string;
  /** null for a custom (free-text) location. */
  readonly portId: string | null;
  readonly coordinates: [number, number] | null;
}

export interface Segment extends JsonObject {
  readonly order: number;
  readonly departure: PortStop;
  readonly arrival: PortStop;
  readonly distanceNm: number;
  readonly distanceManualOverride: boolean;
  readonly crewNeeded: number;
  readonly estimatedDurationHours: number | null;
  readonly estimatedDepartureDate: string | null;
  readonly estimatedArrivalDate: string | null;
  /**
   * The great-circle line between the leg's ends crosses land, so its distance
   * is an underestimate unless overridden. Events recorded before the check
   * lack it: readers compare with `=== true`.
   */
  readonly crossesLand: boolean;
}

export interface Contribution extends JsonObject {
  readonly type: ContributionType;
  readonly amount: number | null;
  readonly currency: Currency;
  readonly details: string;
}

export interface VoyageDetails extends JsonObject {
  readonly title: string;
  readonly description: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly boatId: string;
  readonly minExperience: ExperienceLevel;
  readonly skills: string[];
  readonly isCustom: boolean;
  readonly customNotes: string;
}

export interface VoyageSnapshot extends JsonObject {
  readonly skipperId: string;
  readonly details: VoyageDetails;
  readonly segments: Segment[];
  readonly totalDistanceNm: number;
  readonly crewNeeded: number;
  readonly contribution: Contribution;
}

export type VoyageDraftSaved = DomainEvent<'VoyageDraftSaved', VoyageSnapshot>;
export type VoyagePublished = DomainEvent<'VoyagePublished', VoyageSnapshot>;
export type VoyageDetailsEdited = DomainEvent<'VoyageDetailsEdited', { details: VoyageDetails }>;
export type VoyageRouteChanged = DomainEvent<'VoyageRouteChanged', { segments: Segment[]; totalDistanceNm: number }>;
export type VoyageCrewNeededChanged = DomainEvent<'VoyageCrewNeededChanged', { crewNeeded: number; previous: number }>;
export type VoyageContributionChanged = DomainEvent<'VoyageContributionChanged', { contribution: Contribution }>;
export type VoyageStatusChanged = DomainEvent<'VoyageStatusChanged', { status: VoyageStatus; previous: VoyageStatus }>;
/** One accepted crew member at completion and the legs (orders) they sailed: every leg for a whole-voyage crew member. */
export interface CompletedCrew extends JsonObject {
  readonly crewId: string;
  readonly segmentOrders: number[];
}
/**
 * The voyage was completed (right after its VoyageStatusChanged to completed):
 * who sailed which legs, ids only, and whom to invite to review now (the
 * skipper and crew on the first completion, crew not recorded before on a
 * later one). completedAt: ISO time, the start of the review window.
 */
export type VoyageCompleted = DomainEvent<'VoyageCompleted', { completedAt: string; crew: CompletedCrew[]; invited: string[] }>;
/** notifiedCrewIds: crew with a pending or accepted application, who are told by email (absent in events older than applications). */
export type VoyageCancelled = DomainEvent<'VoyageCancelled', { previous: VoyageStatus; reason: string; notifiedCrewIds?: string[] }>;

/**
 * Applications live in the voyage's stream so that capacity, "one live
 * application per crew member" and "cancelling settles every application"
 * are decided on one consistent state. Only ids go into these events: the
 * applicant's message is personal data and is kept in a table that can be erased.
 */
export type ApplicationSubmitted = DomainEvent<'ApplicationSubmitted', { applicationId: string; crewId: string; segmentOrders: number[] }>;
export type ApplicationWithdrawn = DomainEvent<'ApplicationWithdrawn', { applicationId: string; crewId: string }>;
/** Carries the legs again so read models can count crew per leg without the submit event. */
export type ApplicationAccepted = DomainEvent<'ApplicationAccepted', { applicationId: string; crewId: string; segmentOrders: number[] }>;
export type ApplicationRejected = DomainEvent<'ApplicationRejected', { applicationId: string; crewId: string; reason: 'skipper' | 'voyage_cancelled' }>;

/**
 * Moderation by an administrator (who: the event metadata). The voyage's own
 * stream holds it, so the rules (suspend only a live voyage, no applications
 * while suspended) are decided on the voyage's state. The skipper's id rides
 * along so that mail and audit need no other stream; the reason and notes are
 * the administrator's words, never personal data.
 */
export type VoyageSuspended = DomainEvent<'VoyageSuspended', { skipperId: string; reason: string }>;
export type VoyageReinstated = DomainEvent<'VoyageReinstated', { skipperId: string; reason: string }>;
export type VoyageFlaggedForReview = DomainEvent<'VoyageFlaggedForReview', { notes: string }>;
/** The voyage is gone from every read model; `because` skipper_erased: its skipper's account was deleted. */
export type VoyageDeleted = DomainEvent<'VoyageDeleted', { skipperId: string; reason: string; because: 'admin' | 'skipper_erased' }>;

export type VoyageEvent =
  | VoyageDraftSaved
  | VoyagePublished
  | VoyageDetailsEdited
  | VoyageRouteChanged
  | VoyageCrewNeededChanged
  | VoyageContributionChanged
  | VoyageStatusChanged
  | VoyageCompleted
  | VoyageCancelled
  | ApplicationSubmitted
  | ApplicationWithdrawn
  | ApplicationAccepted
  | ApplicationRejected
  | VoyageSuspended
  | VoyageReinstated
  | VoyageFlaggedForReview
  | VoyageDeleted;

export const voyageEventTypes = [
  'VoyageDraftSaved',
  'VoyagePublished',
  'VoyageDetailsEdited',
  'VoyageRouteChanged',
  'VoyageCrewNeededChanged',
  'VoyageContributionChanged',
  'VoyageStatusChanged',
  'VoyageCompleted',
  'VoyageCancelled',
  'ApplicationSubmitted',
  'ApplicationWithdrawn',
  'ApplicationAccepted',
  'ApplicationRejected',
  'VoyageSuspended',
  'VoyageReinstated',
  'VoyageFlaggedForReview',
  'VoyageDeleted',
] as const satisfies readonly VoyageEvent['type'][];

export const isVoyageEvent = (event: DomainEvent): event is VoyageEvent => (voyageEventTypes as readonly string[]).includes(event.type);
