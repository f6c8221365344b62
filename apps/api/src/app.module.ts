import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from './modules/accounts/accounts.module';
import { AlertsModule } from './modules/alerts/alerts.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { User } from './modules/accounts/user.entity';
import { ActivityModule } from './modules/activity/activity.module';
import { AdminModule } from './modules/admin/admin.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { ApplicationsModule } from './modules/applications/applications.module';
import { Boat } from './modules/boats/boat.entity';
import { BoatsModule } from './modules/boats/boats.module';
import { CommunicationsModule } from './modules/communications/communications.module';
import { GeoModule } from './modules/geo/geo.module';
import { KnowledgeBaseModule } from './modules/knowledge-base/knowledge-base.module';
import { MessagingModule } from './modules/messaging/messaging.module';
import { OperationsModule } from './modules/operations/operations.module';
import { ProfileModule } from './modules/profile/profile.module';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { SafetyModule } from './modules/safety/safety.module';
import { SiteModule } from './modules/site/site.module';
import { StatsModule } from './modules/stats/stats.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { SupportModule } from './modules/support/support.module';
import { VoyagesModule } from './modules/voyages/voyages.module';
import type { EntityClass } from './platform/database/data-source';
import type { Platform } from './platform/platform';
import { PlatformModule } from './platform/platform.module';

/** The contexts' TypeORM entities (the read models' come from libs/projections). */
export const CONTEXT_ENTITIES: readonly EntityClass[] = [User, Boat];

/**
 * The application: the platform, the command and query buses, and one
 * module per bounded context, each bringing its own controllers, handlers,
 * reactors, jobs, mail templates and clocks.
 */
@Module({})
export class AppModule {
  static forPlatform(platform: Platform): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        PlatformModule.forPlatform(platform),
        AccountsModule,
        ProfileModule,
        BoatsModule,
        VoyagesModule,
        AlertsModule,
        CalendarModule,
        ApplicationsModule,
        GeoModule,
        SiteModule,
        StatsModule,
        SubscriptionsModule,
        MessagingModule,
        ActivityModule,
        AdminModule,
        ReviewsModule,
        CommunicationsModule,
        KnowledgeBaseModule,
        OperationsModule,
        SupportModule,
        AnalyticsModule,
        SafetyModule,
      ],
    };
  }
}
