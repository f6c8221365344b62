import type { CampaignTestSent } from '@crew/contracts';
import { sharedText } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import { isMarketingTemplate, TEMPLATE_DEFINITIONS } from '../../../platform/mail/template-definitions';
import { MailTemplateRegistry } from '../../../platform/mail/mail-template-registry';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { sendCampaignTest } from '../campaigns';

/** The campaign form's content (the audience does not matter to a preview or a test). */
export interface CampaignDraftContent {
  readonly subject: string;
  readonly template: string;
  readonly message: string;
}

/** A campaign template (marketing), as Send requires: 422 UNKNOWN_TEMPLATE otherwise. */
export function campaignTemplate(template: string): string {
  if (!TEMPLATE_DEFINITIONS[template] || !isMarketingTemplate(template)) throw new ApplicationError('rule', 'UNKNOWN_TEMPLATE', 'Choose a campaign template');
  return template;
}

export class SendCampaignTest {
  constructor(
    readonly draft: CampaignDraftContent,
    readonly admin: { readonly id: string; readonly email: string; readonly firstName: string; readonly locale?: string },
  ) {}
}

/** "Send test to me": the campaign to the signed-in administrator only; no campaign is recorded (see `sendCampaignTest`). */
@CommandHandler(SendCampaignTest)
export class SendCampaignTestHandler implements ICommandHandler<SendCampaignTest, CampaignTestSent> {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly mailTemplates: MailTemplateRegistry,
  ) {}

  async execute({ draft, admin }: SendCampaignTest): Promise<CampaignTestSent> {
    const { platform: runtime } = this;
    await sendCampaignTest(
      runtime.dataSource,
      runtime.mail,
      runtime.config.mailFrom,
      { templates: runtime.templates, mailTemplates: this.mailTemplates, links: runtime.mailLinks, baseUrl: runtime.baseUrl },
      { ...draft, template: campaignTemplate(draft.template) },
      admin,
    );
    return { message: sharedText('Test sent to {email}', { email: admin.email }), recipient: admin.email };
  }
}
