import type { CampaignPreview } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../platform/runtime';
import { RUNTIME } from '../../../platform/tokens';
import { renderCampaignMail } from '../campaigns';
import { campaignTemplate, type CampaignDraftContent } from '../commands/send-campaign-test.command';

export class PreviewCampaign {
  constructor(
    readonly draft: CampaignDraftContent,
    readonly admin: { readonly id: string; readonly firstName: string },
  ) {}
}

/** The campaign as members receive it, addressed to the administrator looking at it; nothing is stored or sent. */
@QueryHandler(PreviewCampaign)
export class PreviewCampaignHandler implements IQueryHandler<PreviewCampaign, CampaignPreview> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ draft, admin }: PreviewCampaign): Promise<CampaignPreview> {
    const rendered = await renderCampaignMail(
      { templates: this.runtime.templates, links: this.runtime.mailLinks, baseUrl: this.runtime.baseUrl },
      { ...draft, template: campaignTemplate(draft.template) },
      admin,
    );
    return { subject: rendered.subject, text: rendered.text, html: rendered.html };
  }
}
