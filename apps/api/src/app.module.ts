import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsController } from './modules/accounts/accounts.controller';
import { AdminConfigController } from './modules/admin/admin-config.controller';
import { AdminOverviewController } from './modules/admin/admin-overview.controller';
import { GetAdminOverviewHandler } from './modules/admin/queries/get-admin-overview.query';
import { GetConfigAsOfHandler } from './modules/admin/queries/get-config-as-of.query';
import { AdminUsersController } from './modules/admin/admin-users.controller';
import { AdminVoyagesController } from './modules/admin/admin-voyages.controller';
import { ChangeSubscriptionHandler } from './modules/admin/commands/change-subscription.command';
import { DeleteUserHandler } from './modules/admin/commands/delete-user.command';
import { ModerateVoyageHandler } from './modules/admin/commands/moderate-voyage.command';
import { SendAdminEmailHandler } from './modules/admin/commands/send-admin-email.command';
import { SetProfileStatusHandler } from './modules/admin/commands/set-profile-status.command';
import { adminHandlers } from './modules/admin/admin.handlers';
import { GetAdminHistoryHandler } from './modules/admin/queries/get-admin-history.query';
import { GetVoyageAnalyticsHandler } from './modules/admin/queries/get-voyage-analytics.query';
import { ListAdminUsersHandler } from './modules/admin/queries/list-admin-users.query';
import { ListAdminVoyagesHandler } from './modules/admin/queries/list-admin-voyages.query';
import { ChangePlatformConfigHandler } from './modules/admin/commands/change-platform-config.command';
import { GetAccessListsHandler } from './modules/admin/queries/get-access-lists.query';
import { GetConfigHistoryHandler } from './modules/admin/queries/get-config-history.query';
import { GetPlatformConfigHandler } from './modules/admin/queries/get-platform-config.query';
import { PublicStatsController } from './modules/stats/public-stats.controller';
import { GetSitemapHandler } from './modules/site/queries/get-sitemap.query';
import { SiteController } from './modules/site/site.controller';
import { GetPublicStatsHandler } from './modules/stats/queries/get-public-stats.query';
import { ProfileController } from './modules/profile/profile.controller';
import { BoatsController } from './modules/boats/boats.controller';
import { SaveBoatHandler } from './modules/boats/commands/save-boat.command';
import { UpdateProfileHandler } from './modules/profile/commands/update-profile.command';
import { GeoController } from './modules/geo/geo.controller';
import { SearchPortsHandler } from './modules/geo/queries/search-ports.query';
import { AuthGuard, OptionalAuthGuard } from './platform/auth/auth.guard';
import { ChangeVoyageHandler } from './modules/voyages/commands/change-voyage.command';
import { EditVoyageHandler } from './modules/voyages/commands/edit-voyage.command';
import { PublishVoyageHandler } from './modules/voyages/commands/publish-voyage.command';
import { CheckRouteHandler } from './modules/voyages/queries/check-route.query';
import { GetMyVoyagesHandler } from './modules/voyages/queries/get-my-voyages.query';
import { GetVoyageMapHandler } from './modules/voyages/queries/get-voyage-map.query';
import { GetVoyageHandler } from './modules/voyages/queries/get-voyage.query';
import { ListVoyagesHandler } from './modules/voyages/queries/list-voyages.query';
import { VoyagesController } from './modules/voyages/voyages.controller';
import { ApplicationsController, VoyageApplicationsController } from './modules/applications/applications.controller';
import { DecideOnApplicationHandler } from './modules/applications/commands/decide-on-application.command';
import { SubmitApplicationHandler } from './modules/applications/commands/submit-application.command';
import { GetApplicationHandler } from './modules/applications/queries/get-application.query';
import { GetMyApplicationsHandler } from './modules/applications/queries/get-my-applications.query';
import { GetVoyageApplicationsHandler } from './modules/applications/queries/get-voyage-applications.query';
import { OpenBillingPortalHandler } from './modules/subscriptions/commands/open-billing-portal.command';
import { RecordPaymentEventHandler } from './modules/subscriptions/commands/record-payment-event.command';
import { StartSubscriptionCheckoutHandler } from './modules/subscriptions/commands/start-subscription-checkout.command';
import { PaymentsWebhookController } from './modules/subscriptions/payments-webhook.controller';
import { SubscriptionPaymentsController } from './modules/subscriptions/subscription-payments.controller';
import { HealthController } from './platform/health/health.controller';
import { GetSubscriptionStatusHandler } from './modules/subscriptions/queries/get-subscription-status.query';
import { SubscriptionsController } from './modules/subscriptions/subscriptions.controller';
import { DevMailboxController } from './platform/mail/dev-mailbox.controller';
import { ReviewsModule } from './modules/reviews/reviews.module';
import { SupportDeskModule } from './modules/support-desk/support-desk.module';
import { MessagingController } from './modules/messaging/messaging.controller';
import { messagingHandlers } from './modules/messaging/messaging.handlers';
import { SupportModule } from './modules/support/support.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { TrustModule } from './modules/trust/trust.module';
import { ActivityController } from './modules/activity/activity.controller';
import { GetCrewStatsHandler } from './modules/activity/queries/get-crew-stats.query';
import { GetMyActivityHandler } from './modules/activity/queries/get-my-activity.query';
import type { Runtime } from './platform/runtime';
import { AGGREGATE_REPOSITORY, APP_CONFIG, DATA_SOURCE, EVENT_STORE, PAYMENT_GATEWAY, PROJECTION_PROGRESS, RUNTIME, TOKEN_SERVICE } from './platform/tokens';

@Module({})
export class AppModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    const platform: Provider[] = [
      { provide: RUNTIME, useValue: runtime },
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: DATA_SOURCE, useValue: runtime.dataSource },
      { provide: EVENT_STORE, useValue: runtime.eventStore },
      { provide: AGGREGATE_REPOSITORY, useValue: runtime.repository },
      { provide: PROJECTION_PROGRESS, useValue: runtime.progress },
      { provide: TOKEN_SERVICE, useValue: runtime.tokens },
      { provide: PAYMENT_GATEWAY, useValue: runtime.payments },
    ];
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        ReviewsModule.forRuntime(runtime),
        SupportDeskModule.forRuntime(runtime),
        SupportModule.forRuntime(runtime),
        AnalyticsModule.forRuntime(runtime),
        TrustModule.forRuntime(runtime),
      ],
      controllers: [
        HealthController,
        AccountsController,
        ProfileController,
        BoatsController,
        AdminConfigController,
        AdminOverviewController,
        AdminUsersController,
        AdminVoyagesController,
        PublicStatsController,
        VoyagesController,
        ApplicationsController,
        VoyageApplicationsController,
        GeoController,
        SiteController,
        SubscriptionsController,
        SubscriptionPaymentsController,
        PaymentsWebhookController,
        MessagingController,
        ActivityController,
        ...(runtime.config.nodeEnv === 'production' ? [] : [DevMailboxController]),
      ],
      providers: [
        ...platform,
        AuthGuard,
        OptionalAuthGuard,
        PublishVoyageHandler,
        EditVoyageHandler,
        ChangeVoyageHandler,
        ListVoyagesHandler,
        GetVoyageMapHandler,
        GetVoyageHandler,
        GetMyVoyagesHandler,
        CheckRouteHandler,
        SubmitApplicationHandler,
        DecideOnApplicationHandler,
        GetApplicationHandler,
        GetMyApplicationsHandler,
        GetVoyageApplicationsHandler,
        ChangePlatformConfigHandler,
        GetPlatformConfigHandler,
        GetConfigHistoryHandler,
        GetConfigAsOfHandler,
        GetAdminOverviewHandler,
        GetAccessListsHandler,
        ListAdminUsersHandler,
        GetAdminHistoryHandler,
        ChangeSubscriptionHandler,
        SetProfileStatusHandler,
        SendAdminEmailHandler,
        DeleteUserHandler,
        ListAdminVoyagesHandler,
        GetVoyageAnalyticsHandler,
        ModerateVoyageHandler,
        ...adminHandlers,
        GetPublicStatsHandler,
        SearchPortsHandler,
        GetSitemapHandler,
        UpdateProfileHandler,
        SaveBoatHandler,
        GetSubscriptionStatusHandler,
        StartSubscriptionCheckoutHandler,
        OpenBillingPortalHandler,
        RecordPaymentEventHandler,
        ...messagingHandlers,
        GetMyActivityHandler,
        GetCrewStatsHandler,
      ],
    };
  }
}
