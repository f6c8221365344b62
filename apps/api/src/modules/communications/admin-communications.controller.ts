import {
  IDEMPOTENCY_KEY_PATTERN,
  routes,
  type CampaignAudienceCount,
  type CampaignAudienceQuery,
  type CampaignDraft,
  type CampaignPreview,
  type CampaignTestSent,
  type Communication,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailTemplateLocaleQuery,
  type EmailTemplatePreview,
  type EmailTemplateSaved,
  type EmailTemplateUpdate,
  type RecentCommunications,
  type SendCampaignRequest,
  type SendCampaignResponse,
} from '@crew/contracts';
import { sharedText } from '@crew/rules';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { AdminOnly, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { ResetEmailTemplate } from './commands/reset-email-template.command';
import { SendCampaign, type CampaignSent } from './commands/send-campaign.command';
import { SendCampaignTest } from './commands/send-campaign-test.command';
import { UpdateEmailTemplate } from './commands/update-email-template.command';
import { CountCampaignAudience } from './queries/count-campaign-audience.query';
import { GetRecentCommunications } from './queries/get-recent-communications.query';
import { ListEmailTemplates } from './queries/list-email-templates.query';
import { PreviewCampaign } from './queries/preview-campaign.query';
import { PreviewEmailTemplate } from './queries/preview-email-template.query';

/** The Idempotency-Key header: absent is null; one value of 1–200 visible ASCII characters, else 400. */
const idempotencyKeyOf = (header: string | string[] | undefined): string | null => {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new ApiError(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be one value of 1 to 200 visible ASCII characters');
  }
  return header;
};

const draftOf = (body: CampaignDraft) => ({ subject: body.subject, template: body.template ?? 'campaign', message: body.message });

/**
 * Admin → Support, Communications: email templates, campaigns and recent
 * communications. Administrators only.
 */
@Controller('api/admin/support')
@AdminOnly()
export class AdminCommunicationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Every template's version in one language (`?locale=`, English by default). */
  @Get('email-templates')
  async listTemplates(@Query(new ZodValidationPipe(routes.listEmailTemplates.query)) query: EmailTemplateLocaleQuery): Promise<EmailTemplateList> {
    return { templates: await this.queries.execute<ListEmailTemplates, EmailTemplate[]>(new ListEmailTemplates(query.locale)) };
  }

  @Put('email-templates/:id')
  async updateTemplate(
    @Param('id') id: string,
    @Query(new ZodValidationPipe(routes.updateEmailTemplate.query)) query: EmailTemplateLocaleQuery,
    @Body(new ZodValidationPipe(routes.updateEmailTemplate.body)) body: EmailTemplateUpdate,
    @CurrentUser() admin: User,
  ): Promise<EmailTemplateSaved> {
    const template = await this.commands.execute<UpdateEmailTemplate, EmailTemplate>(new UpdateEmailTemplate(id, body, admin.id, query.locale));
    return { message: 'Template saved', template };
  }

  @Delete('email-templates/:id')
  async resetTemplate(
    @Param('id') id: string,
    @Query(new ZodValidationPipe(routes.resetEmailTemplate.query)) query: EmailTemplateLocaleQuery,
    @CurrentUser() admin: User,
  ): Promise<EmailTemplateSaved> {
    const template = await this.commands.execute<ResetEmailTemplate, EmailTemplate>(new ResetEmailTemplate(id, admin.id, query.locale));
    return { message: 'Template restored to the text it ships with', template };
  }

  @Post('email-templates/:id/preview')
  @HttpCode(200)
  previewTemplate(
    @Param('id') id: string,
    @Query(new ZodValidationPipe(routes.previewEmailTemplate.query)) query: EmailTemplateLocaleQuery,
    @Body(new ZodValidationPipe(routes.previewEmailTemplate.body)) body: EmailTemplateUpdate,
  ): Promise<EmailTemplatePreview> {
    return this.queries.execute(new PreviewEmailTemplate(id, body, query.locale));
  }

  @Get('communications/recent')
  async recent(): Promise<RecentCommunications> {
    return { communications: await this.queries.execute<GetRecentCommunications, Communication[]>(new GetRecentCommunications()) };
  }

  /** A repeat (same Idempotency-Key, or same content within minutes without one) answers the first campaign, marked Idempotent-Replayed. */
  @Post('send-campaign')
  async sendCampaign(
    @Body(new ZodValidationPipe(routes.sendCampaign.body)) body: SendCampaignRequest,
    @Headers('idempotency-key') idempotencyKey: string | string[] | undefined,
    @CurrentUser() admin: User,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SendCampaignResponse> {
    const { campaign, replayed } = await this.commands.execute<SendCampaign, CampaignSent>(
      new SendCampaign(body.audience, body.subject, body.template ?? 'campaign', body.message, admin.id, idempotencyKeyOf(idempotencyKey)),
    );
    if (replayed) void reply.header('idempotent-replayed', 'true');
    return { message: sharedText('Campaign queued for {recipients, plural, other {# recipient(s)}}', { recipients: campaign.recipients }), campaign };
  }

  /** Before sending: how many members the chosen audience reaches now. */
  @Get('campaigns/audience-count')
  audienceCount(@Query(new ZodValidationPipe(routes.campaignAudienceCount.query)) query: CampaignAudienceQuery): Promise<CampaignAudienceCount> {
    return this.queries.execute(new CountCampaignAudience(query.audience));
  }

  @Post('campaigns/preview')
  @HttpCode(200)
  previewCampaign(@Body(new ZodValidationPipe(routes.campaignPreview.body)) body: CampaignDraft, @CurrentUser() admin: User): Promise<CampaignPreview> {
    return this.queries.execute(new PreviewCampaign(draftOf(body), { id: admin.id, firstName: admin.firstName, locale: admin.locale }));
  }

  @Post('campaigns/test-send')
  @HttpCode(200)
  testSend(@Body(new ZodValidationPipe(routes.campaignTestSend.body)) body: CampaignDraft, @CurrentUser() admin: User): Promise<CampaignTestSent> {
    return this.commands.execute(new SendCampaignTest(draftOf(body), { id: admin.id, email: admin.email, firstName: admin.firstName, locale: admin.locale }));
  }
}
