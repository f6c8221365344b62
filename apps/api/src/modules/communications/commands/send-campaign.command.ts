import type { CampaignAudience, Communication } from '@crew/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import { isMarketingTemplate, TEMPLATE_DEFINITIONS } from '../../../platform/mail/template-definitions';
import { CampaignDispatcher } from '../campaigns';

export class SendCampaign {
  constructor(
    readonly audience: CampaignAudience,
    readonly subject: string,
    readonly template: string,
    readonly message: string,
    readonly adminId: string,
    /** The request's Idempotency-Key, or null (a repeat is then recognised by its content, for a few minutes). */
    readonly idempotencyKey: string | null,
  ) {}
}

export interface CampaignSent {
  readonly campaign: Communication;
  /** The campaign an earlier request created: nothing new was queued. */
  readonly replayed: boolean;
}

/**
 * Send Email Campaign: records the campaign and starts queuing one mail job
 * per recipient (see `CampaignDispatcher`); answers at once with the campaign.
 * Only marketing templates (422 `UNKNOWN_TEMPLATE`), and an audience with
 * somebody in it who takes campaign mail (422 `NO_RECIPIENTS`). A retried
 * request answers the first campaign (see `CampaignDispatcher.create`).
 */
@CommandHandler(SendCampaign)
export class SendCampaignHandler implements ICommandHandler<SendCampaign, CampaignSent> {
  constructor(private readonly campaigns: CampaignDispatcher) {}

  async execute({ audience, subject, template, message, adminId, idempotencyKey }: SendCampaign): Promise<CampaignSent> {
    if (!TEMPLATE_DEFINITIONS[template] || !isMarketingTemplate(template)) {
      throw new ApplicationError('rule', 'UNKNOWN_TEMPLATE', 'Choose a campaign template');
    }
    if ((await this.campaigns.countAudience(audience)) === 0) {
      throw new ApplicationError('rule', 'NO_RECIPIENTS', 'Nobody in this audience receives campaign mail');
    }
    return this.campaigns.create({ audience, subject, template, message, createdBy: adminId, idempotencyKey });
  }
}
