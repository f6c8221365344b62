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
  /** The skipper says meals aboard are included (the form's checkbox). Events written before it read as false (upcaster). */
  readonly includesFood: boolean;
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
/** submittedAt: ISO time the application was made (absent in events older than expiry: those expire at departure only). */
export type ApplicationSubmitted = DomainEvent<'ApplicationSubmitted', { applicationId: string; crewId: string; segmentOrders: number[]; submittedAt?: string }>;
export type ApplicationWithdrawn = DomainEvent<'ApplicationWithdrawn', { applicationId: string; crewId: string }>;
/** Carries the legs again so read models can count crew per leg without the submit event. */
export type ApplicationAccepted = DomainEvent<'ApplicationAccepted', { applicationId: string; crewId: string; segmentOrders: number[] }>;
export type ApplicationRejected = DomainEvent<'ApplicationRejected', { applicationId: string; crewId: string; reason: 'skipper' | 'voyage_cancelled' }>;
/** A pending application nobody answered: 14 days after it was made, or when the voyage departs, whichever came first. */
export type ApplicationExpired = DomainEvent<'ApplicationExpired', { applicationId: string; crewId: string; reason: 'unanswered' | 'departed' }>;
/** The departure date passed and the voyage was never started: out of browse, kept for its skipper and crew. */
export type VoyageArchived = DomainEvent<'VoyageArchived', { startDate: string }>;

/** One leg as a crew member's verified log records it: ports, dates and nautical miles from the route. */
export interface SailedLeg extends JsonObject {
  readonly order: number;
  readonly from: string;
  readonly to: string;
  readonly departureDate: string | null;
  readonly arrivalDate: string | null;
  readonly distanceNm: number;
}
/** The skipper confirmed that a crew member sailed (or 7 days passed without the skipper removing them): their log gains these legs. */
export type SailingLogConfirmed = DomainEvent<'SailingLogConfirmed', { crewId: string; by: 'skipper' | 'auto'; legs: SailedLeg[]; distanceNm: number; days: number }>;
/** The skipper said this crew member did not sail: nothing is added to their log. */
export type SailingLogCrewRemoved = DomainEvent<'SailingLogCrewRemoved', { crewId: string }>;

/** What the skipper and a crew member agree before departure; the skipper's own words about the voyage, no personal data. */
export interface AgreementTerms extends JsonObject {
  readonly contributionAmount: number | null;
  readonly contributionCurrency: string;
  readonly contributionCovers: string;
  readonly duties: string;
  readonly watchSystem: string;
  readonly houseRules: string;
  readonly leavingEarly: string;
  readonly insurance: string;
}
/** A version of the crew agreement (1, 2, …): each change is a new version that needs accepting again. */
export type CrewAgreementIssued = DomainEvent<'CrewAgreementIssued', { agreementId: string; crewId: string; version: number; terms: AgreementTerms }>;
/** shareEmergencyContact: the crew member lets the float plan show their emergency contact to the shore contacts. */
export type CrewAgreementAccepted = DomainEvent<'CrewAgreementAccepted', { agreementId: string; crewId: string; version: number; shareEmergencyContact: boolean }>;

/**
 * A float plan (a new version each time it is filed). Shore contacts are named
 * by the ids of their rows (names and addresses live in a table that can be
 * erased); people aboard by user id. Times are ISO instants.
 */
export type FloatPlanFiled = DomainEvent<
  'FloatPlanFiled',
  {
    version: number;
    segmentOrder: number | null;
    departureAt: string;
    expectedArrivalAt: string;
    aboard: string[];
    boatDescription: string;
    callSign: string;
    notes: string;
    shoreContactIds: string[];
    region: string;
    /** When it was filed (the decision's time); plans filed before it was recorded get the event's timestamp (see voyage.upcasters.ts). */
    filedAt: string;
  }
>;
export type CheckInKind = 'departed' | 'position' | 'arrived';
/**
 * Who reported what and when, with the position when given. reportedAt: when the server recorded it (ISO instant);
 * observedAt: when the member checked in on their device, for a check-in sent later (made without a connection);
 * absent on check-ins recorded before the device's time was taken, and on those sent at once without it.
 */
export type CheckInRecorded = DomainEvent<
  'CheckInRecorded',
  {
    checkInId: string;
    kind: CheckInKind;
    lat: number | null;
    lon: number | null;
    note: string;
    reportedBy: string;
    reportedAt: string;
    observedAt?: string | null;
    planVersion: number | null;
  }
>;
/** "Arrived" was not reported within the grace period after the expected arrival: the alert goes out once per plan version. */
export type FloatPlanOverdue = DomainEvent<
  'FloatPlanOverdue',
  {
    version: number;
    expectedArrivalAt: string;
    declaredAt: string;
    lastPosition: { lat: number; lon: number; reportedAt: string } | null;
    region: string;
    shoreContactIds: string[];
    aboard: string[];
    /** When the plan was filed; absent on alerts declared before it was recorded. */
    filedAt?: string;
  }
>;

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
/** An administrator took the voyage out of the moderation queue (reviewed). */
export type VoyageFlagCleared = DomainEvent<'VoyageFlagCleared', { notes: string }>;
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
  | ApplicationExpired
  | VoyageArchived
  | SailingLogConfirmed
  | SailingLogCrewRemoved
  | CrewAgreementIssued
  | CrewAgreementAccepted
  | FloatPlanFiled
  | CheckInRecorded
  | FloatPlanOverdue
  | VoyageSuspended
  | VoyageReinstated
  | VoyageFlaggedForReview
  | VoyageFlagCleared
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
  'ApplicationExpired',
  'VoyageArchived',
  'SailingLogConfirmed',
  'SailingLogCrewRemoved',
  'CrewAgreementIssued',
  'CrewAgreementAccepted',
  'FloatPlanFiled',
  'CheckInRecorded',
  'FloatPlanOverdue',
  'VoyageSuspended',
  'VoyageReinstated',
  'VoyageFlaggedForReview',
  'VoyageFlagCleared',
  'VoyageDeleted',
] as const satisfies readonly VoyageEvent['type'][];

export const isVoyageEvent = (event: DomainEvent): event is VoyageEvent => (voyageEventTypes as readonly string[]).includes(event.type);
