import { GetAdminUserHandler } from './queries/get-admin-user.query';
import { Module } from '@nestjs/common';
import { contribute, LogReactor } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { MessagingModule } from '../messaging/messaging.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { adminMail } from './admin-mail';
import { adminHandlers } from './admin.handlers';
import { adminNoticesReactor } from './reactors/admin-notices.reactor';
import { monetizationNoticeReactor } from './reactors/monetization-notice.reactor';
import { AdminConfigController } from './admin-config.controller';
import { AdminOverviewController } from './admin-overview.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminVoyagesController } from './admin-voyages.controller';
import { ChangePlatformConfigHandler } from './commands/change-platform-config.command';
import { GetPlatformConfigHandler } from './queries/get-platform-config.query';
import { GetConfigHistoryHandler } from './queries/get-config-history.query';
import { GetConfigAsOfHandler } from './queries/get-config-as-of.query';
import { GetAdminOverviewHandler } from './queries/get-admin-overview.query';
import { GetAccessListsHandler } from './queries/get-access-lists.query';
import { ListAdminUsersHandler } from './queries/list-admin-users.query';
import { GetAdminHistoryHandler } from './queries/get-admin-history.query';
import { ChangeSubscriptionHandler } from './commands/change-subscription.command';
import { SetProfileStatusHandler } from './commands/set-profile-status.command';
import { SetIdentityVerificationHandler } from './commands/set-identity-verification.command';
import { SendAdminEmailHandler } from './commands/send-admin-email.command';
import { DeleteUserHandler } from './commands/delete-user.command';
import { ListAdminVoyagesHandler } from './queries/list-admin-voyages.query';
import { GetVoyageAnalyticsHandler } from './queries/get-voyage-analytics.query';
import { ModerateVoyageHandler } from './commands/moderate-voyage.command';

/** The admin area: configuration, users, voyages and the overview, with their audit log and mails. */
@Module({
  imports: [MessagingModule, SubscriptionsModule],
  controllers: [AdminConfigController, AdminOverviewController, AdminUsersController, AdminVoyagesController],
  providers: [
    GetAdminUserHandler,
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
    SetIdentityVerificationHandler,
    SendAdminEmailHandler,
    DeleteUserHandler,
    ListAdminVoyagesHandler,
    GetVoyageAnalyticsHandler,
    ModerateVoyageHandler,
    ...adminHandlers,
    contribute('admin.mail', () => adminMail),
    contribute('admin.monetization-notice', (platform: Platform) => new LogReactor(monetizationNoticeReactor(platform.jobQueue, platform.baseUrl)), [PLATFORM]),
    contribute('admin.notices', (platform: Platform) => new LogReactor(adminNoticesReactor(platform.jobQueue, platform.baseUrl, platform.eventStore)), [PLATFORM]),
  ],
})
export class AdminModule {}
