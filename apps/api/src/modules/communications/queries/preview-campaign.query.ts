import type { CampaignPreview } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MailTemplateRegistry } from '../../../platform/mail/mail-template-registry';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { renderCampaignMail } from '../campaigns';
import { campaignTemplate, type CampaignDraftContent } from '../commands/send-campaign-test.command';

export class PreviewCampaign {
  constructor(
    readonly draft: CampaignDraftContent,
    readonly admin: { readonly id: string; readonly firstName: string; readonly locale?: string },
  ) {}
}

/** The campaign as members receive it, addressed to the administrator looking at it; nothing is stored or sent. */
@QueryHandler(PreviewCampaign)
export class PreviewCampaignHandler implements IQueryHandler<PreviewCampaign, CampaignPreview> {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly mailTemplates: MailTemplateRegistry,
  ) {}

  async execute({ draft, admin }: PreviewCampaign): Promise<CampaignPreview> {
    const rendered = await renderCampaignMail(
      { templates: this.platform.templates, mailTemplates: this.mailTemplates, links: this.platform.mailLinks, baseUrl: this.platform.baseUrl },
      { ...draft, template: campaignTemplate(draft.template) },
      admin,
    );
    return { subject: rendered.subject, text: rendered.text, html: rendered.html };
  }
}
