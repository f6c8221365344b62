import type { ApplicationStatus, VoyageLifecycle, VoyageResponse } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../../i18n/i18n';

/*
 * What the codes of a voyage read as, in the page's language: one message per
 * code, looked up when shown (never at load, before the language is active).
 */

type ContributionType = VoyageResponse['contribution_type'];
type ExperienceLevel = VoyageResponse['requirements']['min_experience'];
type BoatType = NonNullable<VoyageResponse['boat']>['boat_type'];

const STATUS: Record<VoyageLifecycle, MessageDescriptor> = {
  draft: msg`Draft`,
  planning: msg`Planning`,
  active: msg`Active`,
  full: msg`Full`,
  in_progress: msg`In Progress`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

const CONTRIBUTION_TYPE: Record<ContributionType, MessageDescriptor> = { free: msg`Free`, shared_costs: msg`Shared costs`, paid: msg`Paid` };

const EXPERIENCE: Record<ExperienceLevel, MessageDescriptor> = {
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

/** "Planning", "In Progress"; an unknown code as it came. */
export const statusLabel = (status: VoyageLifecycle): string => (STATUS[status] ? i18n._(STATUS[status]) : status);

/** "Free", "Shared costs", "Paid". */
export const contributionTypeLabel = (type: ContributionType): string => (CONTRIBUTION_TYPE[type] ? i18n._(CONTRIBUTION_TYPE[type]) : type);

/** "Beginner" … "Expert". */
export const experienceLabel = (level: ExperienceLevel): string => (EXPERIENCE[level] ? i18n._(EXPERIENCE[level]) : level);

/** "Monohull", "Motor yacht". */
export const boatTypeLabel = (type: BoatType): string => (BOAT_TYPE[type] ? i18n._(BOAT_TYPE[type]) : type);

/** The status of the viewer's own application ("Applied - Pending Review"). */
export const applicationStatusLabel = (status: ApplicationStatus): string => (APPLICATION_STATUS[status] ? i18n._(APPLICATION_STATUS[status]) : status);
