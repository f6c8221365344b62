export * from './projector';
export * from './row-forms';
export * from './platform-config/platform-config.rows';
export * from './platform-config/platform-config.keys';
export * from './platform-config/platform-config.projector';
export * from './config-history/config-history.rows';
export * from './config-history/config-history.projector';
export * from './voyages/voyage-summary.rows';
export * from './voyages/voyage-summary.projector';
export * from './voyages/voyage-places';
export * from './voyages/sailing-regions';
export * from './applications/application-view.rows';
export * from './applications/application-view.projector';
export * from './admin-audit/admin-audit.rows';
export * from './admin-audit/admin-audit.projector';
export * from './subscriptions/subscription.rows';
export * from './subscriptions/subscription.projector';
export * from './support-tickets/support-ticket.rows';
export * from './support-tickets/support-ticket.projector';
export * from './analytics/analytics-metrics.rows';
export * from './analytics/analytics-metrics.projector';
export * from './review-windows/review-window.rows';
export * from './review-windows/review-window.projector';
export * from './trust/trust.rows';
export * from './trust/trust.projector';
export * from './trust/skipper-log.rows';
export * from './trust/skipper-log.projector';
export * from './activity/activity.rows';
export * from './activity/activity.projector';

import { configHistoryProjector } from './config-history/config-history.projector';
import { platformConfigProjector } from './platform-config/platform-config.projector';
import { voyageSummaryProjector } from './voyages/voyage-summary.projector';
import { applicationViewProjector } from './applications/application-view.projector';
import { adminAuditProjector } from './admin-audit/admin-audit.projector';
import { subscriptionProjector } from './subscriptions/subscription.projector';
import { supportTicketProjector } from './support-tickets/support-ticket.projector';
import { analyticsMetricsProjector } from './analytics/analytics-metrics.projector';
import { reviewWindowProjector } from './review-windows/review-window.projector';
import { trustProjector } from './trust/trust.projector';
import { skipperLogProjector } from './trust/skipper-log.projector';
import { activityProjector } from './activity/activity.projector';

/** Every projector the platform runs, in no particular order. */
export const allProjectors = [
  platformConfigProjector,
  configHistoryProjector,
  voyageSummaryProjector,
  applicationViewProjector,
  adminAuditProjector,
  subscriptionProjector,
  supportTicketProjector,
  analyticsMetricsProjector,
  reviewWindowProjector,
  trustProjector,
  skipperLogProjector,
  activityProjector,
] as const;
