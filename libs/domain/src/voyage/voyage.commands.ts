import type { UserType } from '@crew/rules';
import type { Contribution, PortStop } from './voyage.events';
import type { VoyageModerationCommand } from './voyage.moderation';
import type { TrustCommand } from './voyage.trust';
import type { ContributionType, Currency, ExperienceLevel, VoyageStatus } from './voyage.rules';

/** The boat as the API found it: the domain checks it belongs to the skipper and is active. */
export interface BoatRef {
  readonly id: string;
  readonly ownerId: string;
  readonly isActive: boolean;
}

/** What the form says about one leg of a catalogue route, in leg order. */
export interface LegPlan {
  /** YYYY-MM-DD or null (unknown). The first leg always departs on the voyage's departure date. */
  readonly departureDate: string | null;
  /** YYYY-MM-DD or null (unknown). The last leg always arrives on the voyage's return date. */
  readonly arrivalDate: string | null;
  /** The skipper's own distance in nm, replacing the great-circle estimate; null: the estimate. */
  readonly distanceNm: number | null;
  /** The great-circle line between the leg's ports crosses land (the API checks it against the coastline). */
  readonly crossesLand: boolean;
}

/** What the create / edit form sends, before segments and distances are worked out. */
export interface VoyagePlan {
  readonly title: string;
  readonly description: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly minExperience: ExperienceLevel;
  readonly skills: readonly string[];
  readonly crewNeeded: number;
  readonly contribution: { readonly type: ContributionType; readonly amount: number | null; readonly currency: Currency; readonly details: string };
  readonly isCustom: boolean;
  readonly customNotes: string;
  /** Meals aboard are included (the form's checkbox); absent: not included. */
  readonly includesFood?: boolean;
  /** Catalogue ports in order (departure, stops, destination); used when not custom. */
  readonly stops: readonly PortStop[];
  /** Per leg of `stops` (leg i joins stops i and i+1): dates, distance override, land check. Missing entries: none given. */
  readonly legs?: readonly LegPlan[];
  /** Free-text locations and a manual distance; used when custom. */
  readonly custom: { readonly departure: string; readonly destination: string; readonly distanceNm: number | null } | null;
}

export type VoyageCommand =
  | { readonly type: 'SaveVoyageDraft'; readonly actorId: string; readonly plan: VoyagePlan; readonly boat: BoatRef | null }
  | { readonly type: 'PublishVoyage'; readonly actorId: string; readonly plan: VoyagePlan; readonly boat: BoatRef | null }
  | { readonly type: 'EditVoyage'; readonly actorId: string; readonly plan: VoyagePlan; readonly boat: BoatRef | null }
  | { readonly type: 'ChangeVoyageStatus'; readonly actorId: string; readonly status: VoyageStatus }
  | { readonly type: 'ChangeVoyageContribution'; readonly actorId: string; readonly contribution: Contribution }
  | { readonly type: 'CancelVoyage'; readonly actorId: string; readonly reason: string }
  | ApplicationCommand
  | VoyageModerationCommand
  | TrustCommand;

/** What an applicant's account is; the API looks it up, the domain decides who may apply. */
export type ApplicantUserType = UserType;

export type ApplicationCommand =
  | {
      readonly type: 'SubmitApplication';
      readonly actorId: string;
      readonly actorUserType: ApplicantUserType;
      readonly applicationId: string;
      /** Checked here, stored outside the event (personal data). */
      readonly message: string;
      /** 1-based leg orders; empty: the whole voyage. */
      readonly segmentOrders: readonly number[];
    }
  | { readonly type: 'WithdrawApplication'; readonly actorId: string; readonly applicationId: string }
  | { readonly type: 'AcceptApplication'; readonly actorId: string; readonly applicationId: string }
  | { readonly type: 'RejectApplication'; readonly actorId: string; readonly applicationId: string };
