import type { ApplicationStatus, VoyageLifecycle, VoyageResponse } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n';

/*
 * What the codes of voyages, applications and boats read as, in the page's
 * language: one message per code, looked up when shown (never at load, before
 * the language is active). A code without a message shows as it came.
 */

type ContributionType = VoyageResponse['contribution_type'];
type ExperienceLevel = VoyageResponse['requirements']['min_experience'];
type BoatType = NonNullable<VoyageResponse['boat']>['boat_type'];

/** The message of a code in the page's language; a code the map does not know as it came. */
export const codeLabel = <K extends string>(labels: Readonly<Record<K, MessageDescriptor>>, code: string): string => {
  const label = (labels as Readonly<Record<string, MessageDescriptor | undefined>>)[code];
  return label ? i18n._(label) : code;
};

const VOYAGE_STATUS: Record<VoyageLifecycle, MessageDescriptor> = {
  draft: msg`Draft`,
  planning: msg`Planning`,
  active: msg`Active`,
  full: msg`Full`,
  in_progress: msg`In Progress`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

const CONTRIBUTION_TYPE: Record<ContributionType, MessageDescriptor> = { free: msg`Free`, shared_costs: msg`Shared costs`, paid: msg`Paid` };

const EXPERIENCE_LEVEL: Record<ExperienceLevel, MessageDescriptor> = {
  beginner: msg`Beginner`,
  intermediate: msg`Intermediate`,
  advanced: msg`Advanced`,
  expert: msg`Expert`,
};

const BOAT_TYPE: Record<BoatType, MessageDescriptor> = {
  monohull: msg`Monohull`,
  catamaran: msg`Catamaran`,
  trimaran: msg`Trimaran`,
  motor_yacht: msg`Motor yacht`,
  motorsailer: msg`Motorsailer`,
  other: msg`Other`,
};

const APPLICATION_STATUS: Record<ApplicationStatus, MessageDescriptor> = {
  pending: msg`Applied - Pending Review`,
  accepted: msg`Application Accepted ✓`,
  rejected: msg`Not Selected This Time`,
  withdrawn: msg`Application Withdrawn`,
  expired: msg`Application Expired (no answer)`,
};

/** A voyage's status as its badge reads ("Planning", "In Progress"). */
export const voyageStatusLabel = (status: VoyageLifecycle): string => codeLabel(VOYAGE_STATUS, status);

/** "Free", "Shared costs", "Paid". */
export const contributionTypeLabel = (type: ContributionType): string => codeLabel(CONTRIBUTION_TYPE, type);

/** "Beginner" … "Expert". */
export const experienceLevelLabel = (level: ExperienceLevel): string => codeLabel(EXPERIENCE_LEVEL, level);

/** "Monohull", "Motor yacht". */
export const boatTypeLabel = (type: BoatType): string => codeLabel(BOAT_TYPE, type);

/** The status of a crew member's own application as they read it ("Applied - Pending Review"). */
export const applicationStatusLabel = (status: ApplicationStatus): string => codeLabel(APPLICATION_STATUS, status);
