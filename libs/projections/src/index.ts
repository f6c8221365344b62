export * from './projector';
export * from './platform-config/platform-config.entity';
export * from './platform-config/platform-config.keys';
export * from './platform-config/platform-config.projector';
export * from './config-history/config-history.entity';
export * from './config-history/config-history.projector';
export * from './voyages/voyage-summary.entity';
export * from './voyages/voyage-summary.projector';
export * from './voyages/voyage-places';
export * from './voyages/sailing-regions';
export * from './applications/application-view.entity';
export * from './applications/application-view.projector';
export * from './admin-audit/admin-audit.entity';
export * from './admin-audit/admin-audit.projector';
export * from './subscriptions/subscription.projector';
export * from './support-tickets/support-ticket.projector';
export * from './analytics/analytics-metrics.projector';
export * from './review-windows/review-window.projector';
export * from './trust/trust.projector';
export * from './trust/skipper-log.projector';
export * from './activity/activity.projector';

import { configHistoryProjector } from './config-history/config-history.projector';
import { platformConfigProjector } from './platform-config/platform-config.projector';
import { VoyageSummary } from './voyages/voyage-summary.entity';
import { voyageSummaryProjector } from './voyages/voyage-summary.projector';
import { ApplicationView } from './applications/application-view.entity';
import { applicationViewProjector } from './applications/application-view.projector';
import { ConfigHistoryEntry } from './config-history/config-history.entity';
import { AdminAuditEntry } from './admin-audit/admin-audit.entity';
import { adminAuditProjector } from './admin-audit/admin-audit.projector';
import { subscriptionProjector } from './subscriptions/subscription.projector';
import { supportTicketProjector } from './support-tickets/support-ticket.projector';
import { analyticsMetricsProjector } from './analytics/analytics-metrics.projector';
import { reviewWindowProjector } from './review-windows/review-window.projector';
import { trustProjector } from './trust/trust.projector';
import { skipperLogProjector } from './trust/skipper-log.projector';
import { activityProjector } from './activity/activity.projector';
import { ConfigAccessListMember, PlatformConfigEntry } from './platform-config/platform-config.entity';

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

/** TypeORM entities of every read model. */
export const readModelEntities = [PlatformConfigEntry, ConfigAccessListMember, ConfigHistoryEntry, VoyageSummary, ApplicationView, AdminAuditEntry] as const;
