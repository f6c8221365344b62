import { Module } from '@nestjs/common';
import { contribute, WorkerClock } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { ProcessRoles } from '../../platform/process-roles';
import { PLATFORM } from '../../platform/tokens';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CampaignDispatcher, campaignMail } from './campaigns';
import { HealthMonitor } from './health-monitor';
import { AdminSupportDeskController } from './admin-support-desk.controller';
import { CreateKbArticleHandler } from './commands/create-kb-article.command';
import { CreateKbCategoryHandler } from './commands/create-kb-category.command';
import { RebuildProjectionHandler } from './commands/rebuild-projection.command';
import { RecordMailOpenHandler } from './commands/record-mail-open.command';
import { RefreshSystemHealthHandler } from './commands/refresh-system-health.command';
import { ResetEmailTemplateHandler } from './commands/reset-email-template.command';
import { SendCampaignHandler } from './commands/send-campaign.command';
import { SendCampaignTestHandler } from './commands/send-campaign-test.command';
import { CountCampaignAudienceHandler } from './queries/count-campaign-audience.query';
import { PreviewCampaignHandler } from './queries/preview-campaign.query';
import { UnsubscribeHandler } from './commands/unsubscribe.command';
import { UpdateEmailTemplateHandler } from './commands/update-email-template.command';
import { UpdateKbArticleHandler } from './commands/update-kb-article.command';
import { UpdateMailPreferencesHandler } from './commands/update-mail-preferences.command';
import { VoteHelpArticleHandler } from './commands/vote-help-article.command';
import { HelpController } from './help.controller';
import { MailPreferencesController } from './mail-preferences.controller';
import { GetHelpArticleHandler } from './queries/get-help-article.query';
import { GetKbArticleHandler } from './queries/get-kb-article.query';
import { GetMailPreferencesHandler } from './queries/get-mail-preferences.query';
import { GetRecentCommunicationsHandler } from './queries/get-recent-communications.query';
import { GetSystemHealthHandler } from './queries/get-system-health.query';
import { ListEmailTemplatesHandler } from './queries/list-email-templates.query';
import { ListKbArticlesHandler } from './queries/list-kb-articles.query';
import { ListKbCategoriesHandler } from './queries/list-kb-categories.query';
import { PreviewEmailTemplateHandler } from './queries/preview-email-template.query';
import { SearchHelpArticlesHandler } from './queries/search-help-articles.query';

/**
 * The support desk's communications, knowledge base and system health: thin
 * controllers over its commands and queries, whose handlers use the
 * campaign dispatcher, template store, health monitor and error log.
 */
@Module({
  // The Help centre writes its answers about paying from whether card payments are set up.
  imports: [SubscriptionsModule],
  controllers: [AdminSupportDeskController, HelpController, MailPreferencesController],
  providers: [
    // Communications
    ListEmailTemplatesHandler,
    PreviewEmailTemplateHandler,
    UpdateEmailTemplateHandler,
    ResetEmailTemplateHandler,
    SendCampaignHandler,
    CountCampaignAudienceHandler,
    PreviewCampaignHandler,
    SendCampaignTestHandler,
    GetRecentCommunicationsHandler,
    UnsubscribeHandler,
    RecordMailOpenHandler,
    GetMailPreferencesHandler,
    UpdateMailPreferencesHandler,
    // Knowledge base and Help centre
    ListKbCategoriesHandler,
    CreateKbCategoryHandler,
    ListKbArticlesHandler,
    GetKbArticleHandler,
    CreateKbArticleHandler,
    UpdateKbArticleHandler,
    SearchHelpArticlesHandler,
    GetHelpArticleHandler,
    VoteHelpArticleHandler,
    // System health and projections
    GetSystemHealthHandler,
    RefreshSystemHealthHandler,
    RebuildProjectionHandler,
    {
      provide: CampaignDispatcher,
      useFactory: (platform: Platform) => new CampaignDispatcher(platform.dataSource, platform.jobQueue, platform.baseUrl, (m) => platform.logger.error(m)),
      inject: [PLATFORM],
    },
    {
      provide: HealthMonitor,
      useFactory: (platform: Platform, roles: ProcessRoles) => new HealthMonitor(platform, roles, (m) => platform.logger.warn(m)),
      inject: [PLATFORM, ProcessRoles],
    },
    contribute('support-desk.campaigns', (campaigns: CampaignDispatcher) => new WorkerClock('campaigns', campaigns), [CampaignDispatcher]),
    contribute('support-desk.health-monitor', (monitor: HealthMonitor) => new WorkerClock('health monitor', monitor), [HealthMonitor]),
    contribute('support-desk.mail', () => campaignMail),
  ],
  exports: [CampaignDispatcher, HealthMonitor],
})
export class SupportDeskModule {}
