import { Module } from '@nestjs/common';
import { contribute, WorkerClock } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { AdminCommunicationsController } from './admin-communications.controller';
import { CampaignDispatcher, campaignMail } from './campaigns';
import { RecordMailOpenHandler } from './commands/record-mail-open.command';
import { ResetEmailTemplateHandler } from './commands/reset-email-template.command';
import { SendCampaignTestHandler } from './commands/send-campaign-test.command';
import { SendCampaignHandler } from './commands/send-campaign.command';
import { UnsubscribeHandler } from './commands/unsubscribe.command';
import { UpdateEmailTemplateHandler } from './commands/update-email-template.command';
import { UpdateMailPreferencesHandler } from './commands/update-mail-preferences.command';
import { UpdateNotificationPreferencesHandler } from './commands/update-notification-preferences.command';
import { MailPreferencesController } from './mail-preferences.controller';
import { NotificationPreferencesController } from './notification-preferences.controller';
import { CountCampaignAudienceHandler } from './queries/count-campaign-audience.query';
import { GetMailPreferencesHandler } from './queries/get-mail-preferences.query';
import { GetNotificationPreferencesHandler } from './queries/get-notification-preferences.query';
import { GetRecentCommunicationsHandler } from './queries/get-recent-communications.query';
import { ListEmailTemplatesHandler } from './queries/list-email-templates.query';
import { PreviewCampaignHandler } from './queries/preview-campaign.query';
import { PreviewEmailTemplateHandler } from './queries/preview-email-template.query';

/**
 * Communications with members: the editable email templates, news campaigns
 * (queued by the campaign dispatcher, which the worker role keeps going), the
 * members' notification preferences (a switch per kind of mail, campaign
 * mail's among them) and unsubscribe links, and mail-open tracking.
 */
@Module({
  controllers: [AdminCommunicationsController, MailPreferencesController, NotificationPreferencesController],
  providers: [
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
    GetNotificationPreferencesHandler,
    UpdateNotificationPreferencesHandler,
    {
      provide: CampaignDispatcher,
      useFactory: (platform: Platform) => new CampaignDispatcher(platform.dataSource, platform.jobQueue, platform.baseUrl, (m) => platform.logger.error(m)),
      inject: [PLATFORM],
    },
    contribute('communications.campaigns', (campaigns: CampaignDispatcher) => new WorkerClock('campaigns', campaigns), [CampaignDispatcher]),
    contribute('communications.mail', () => campaignMail),
  ],
  exports: [CampaignDispatcher],
})
export class CommunicationsModule {}
