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
export type VoyageCancelled = DomainEvent<'VoyageCancelled', { previous: VoyageStatus; reason: string }>;

export type VoyageEvent =
  | VoyageDraftSaved
  | VoyagePublished
  | VoyageDetailsEdited
  | VoyageRouteChanged
  | VoyageCrewNeededChanged
  | VoyageContributionChanged
  | VoyageStatusChanged
  | VoyageCancelled;

export const voyageEventTypes = [
  'VoyageDraftSaved',
  'VoyagePublished',
  'VoyageDetailsEdited',
  'VoyageRouteChanged',
  'VoyageCrewNeededChanged',
  'VoyageContributionChanged',
  'VoyageStatusChanged',
  'VoyageCancelled',
] as const satisfies readonly VoyageEvent['type'][];

export const isVoyageEvent = (event: DomainEvent): event is VoyageEvent => (voyageEventTypes as readonly string[]).includes(event.type);
