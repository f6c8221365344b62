import type { ApplicationStatus, VoyageLifecycle } from '@crew/contracts/constants';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** A voyage's status as its badge reads (the words of VOYAGE_STATUS_LABELS), in the page's language. */
export const VOYAGE_STATUS_NAMES: Readonly<Record<VoyageLifecycle, MessageDescriptor>> = {
  draft: msg`Draft`,
  planning: msg`Planning`,
  active: msg`Active`,
  full: msg`Full`,
  in_progress: msg`In Progress`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** An application's status as the crew member reads it (the words of APPLICATION_STATUS_LABELS), in the page's language. */
export const APPLICATION_STATUS_NAMES: Readonly<Record<ApplicationStatus, MessageDescriptor>> = {
  pending: msg`Applied - Pending Review`,
  accepted: msg`Application Accepted ✓`,
  rejected: msg`Not Selected This Time`,
  withdrawn: msg`Application Withdrawn`,
  expired: msg`Application Expired (no answer)`,
};
