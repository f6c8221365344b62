import type { ApplicationStatus, VoyageLifecycle } from '@crew/contracts';
import { t } from '@lingui/core/macro';

/** The viewer's own application to a voyage (`my_application.status`). */
export type ViewerApplicationStatus = ApplicationStatus;

export interface CardAvailability {
  readonly disabled: boolean;
  /** Tooltip on a disabled card. */
  readonly tooltip?: string;
  /** Visible line on a disabled card. */
  readonly note?: string;
}

/**
 * Whether a browse card can be opened: cancelled voyages
 * are disabled; so are voyages that rejected the viewer (the list passes the
 * viewer's `my_application.status`; guests and non-applicants pass nothing).
 */
export function cardAvailability(status: VoyageLifecycle, application?: ViewerApplicationStatus | null): CardAvailability {
  if (status === 'cancelled') return { disabled: true, tooltip: t`This voyage has been cancelled`, note: t`Cancelled` };
  if (application === 'rejected') return { disabled: true, tooltip: t`You have already applied to this voyage`, note: t`Not selected for this voyage` };
  return { disabled: false };
}
