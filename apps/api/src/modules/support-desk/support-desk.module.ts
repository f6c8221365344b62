import { Module, type DynamicModule } from '@nestjs/common';
import { AuthGuard } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { DATA_SOURCE, PAYMENT_GATEWAY, RUNTIME, TOKEN_SERVICE } from '../../platform/tokens';
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
 * runtime's campaign dispatcher, template store, health monitor and error log.
 */
@Module({})
export class SupportDeskModule {
  static forRuntime(runtime: Runtime): DynamicModule {
    return {
      module: SupportDeskModule,
      controllers: [AdminSupportDeskController, HelpController, MailPreferencesController],
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: DATA_SOURCE, useValue: runtime.dataSource },
        { provide: TOKEN_SERVICE, useValue: runtime.tokens },
        // The Help centre writes its answers about paying from whether card payments are set up.
        { provide: PAYMENT_GATEWAY, useValue: runtime.payments },
        AuthGuard,
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
      ],
    };
  }
}
