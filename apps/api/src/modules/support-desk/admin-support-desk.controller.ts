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
  type EmailTemplatePreview,
  type EmailTemplateSaved,
  type EmailTemplateUpdate,
  type KbArticle,
  type KbArticleList,
  type KbArticleRequest,
  type KbArticleSaved,
  type KbCategory,
  type KbCategoryList,
  type KbCategoryRequest,
  type RebuildStarted,
  type RecentCommunications,
  type SendCampaignRequest,
  type SendCampaignResponse,
  type SystemHealth,
} from '@crew/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { AdminOnly, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { CreateKbArticle } from './commands/create-kb-article.command';
import { CreateKbCategory } from './commands/create-kb-category.command';
import { RebuildProjection } from './commands/rebuild-projection.command';
import { RefreshSystemHealth } from './commands/refresh-system-health.command';
import { ResetEmailTemplate } from './commands/reset-email-template.command';
import { SendCampaign, type CampaignSent } from './commands/send-campaign.command';
import { SendCampaignTest } from './commands/send-campaign-test.command';
import { CountCampaignAudience } from './queries/count-campaign-audience.query';
import { PreviewCampaign } from './queries/preview-campaign.query';
import { UpdateEmailTemplate } from './commands/update-email-template.command';
import { UpdateKbArticle } from './commands/update-kb-article.command';
import { GetKbArticle } from './queries/get-kb-article.query';
import { GetRecentCommunications } from './queries/get-recent-communications.query';
import { GetSystemHealth } from './queries/get-system-health.query';
import { ListEmailTemplates } from './queries/list-email-templates.query';
import { ListKbArticles } from './queries/list-kb-articles.query';
import { ListKbCategories } from './queries/list-kb-categories.query';
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
 * Support Dashboard (spec section 2, "Admin support"): Communications
 * (email templates, campaigns), Knowledge Base and System Health with the
 * projections panel. Administrators only.
 */
@Controller('api/admin/support')
@AdminOnly()
export class AdminSupportDeskController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('email-templates')
  async listTemplates(): Promise<EmailTemplateList> {
    return { templates: await this.queries.execute<ListEmailTemplates, EmailTemplate[]>(new ListEmailTemplates()) };
  }

  @Put('email-templates/:id')
  async updateTemplate(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.updateEmailTemplate.body)) body: EmailTemplateUpdate,
    @CurrentUser() admin: User,
  ): Promise<EmailTemplateSaved> {
    const template = await this.commands.execute<UpdateEmailTemplate, EmailTemplate>(new UpdateEmailTemplate(id, body, admin.id));
    return { message: 'Template saved', template };
  }

  @Delete('email-templates/:id')
  async resetTemplate(@Param('id') id: string, @CurrentUser() admin: User): Promise<EmailTemplateSaved> {
    const template = await this.commands.execute<ResetEmailTemplate, EmailTemplate>(new ResetEmailTemplate(id, admin.id));
    return { message: 'Template restored to the text it ships with', template };
  }

  @Post('email-templates/:id/preview')
  @HttpCode(200)
  previewTemplate(@Param('id') id: string, @Body(new ZodValidationPipe(routes.previewEmailTemplate.body)) body: EmailTemplateUpdate): Promise<EmailTemplatePreview> {
    return this.queries.execute(new PreviewEmailTemplate(id, body));
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
    return { message: `Campaign queued for ${campaign.recipients.toLocaleString('en-GB')} recipient(s)`, campaign };
  }

  /** Before sending: how many members the chosen audience reaches now. */
  @Get('campaigns/audience-count')
  audienceCount(@Query(new ZodValidationPipe(routes.campaignAudienceCount.query)) query: CampaignAudienceQuery): Promise<CampaignAudienceCount> {
    return this.queries.execute(new CountCampaignAudience(query.audience));
  }

  @Post('campaigns/preview')
  @HttpCode(200)
  previewCampaign(@Body(new ZodValidationPipe(routes.campaignPreview.body)) body: CampaignDraft, @CurrentUser() admin: User): Promise<CampaignPreview> {
    return this.queries.execute(new PreviewCampaign(draftOf(body), { id: admin.id, firstName: admin.firstName }));
  }

  @Post('campaigns/test-send')
  @HttpCode(200)
  testSend(@Body(new ZodValidationPipe(routes.campaignTestSend.body)) body: CampaignDraft, @CurrentUser() admin: User): Promise<CampaignTestSent> {
    return this.commands.execute(new SendCampaignTest(draftOf(body), { id: admin.id, email: admin.email, firstName: admin.firstName }));
  }

  @Get('knowledge-base/categories')
  async categories(): Promise<KbCategoryList> {
    return { categories: await this.queries.execute<ListKbCategories, KbCategory[]>(new ListKbCategories(false)) };
  }

  @Post('knowledge-base/categories')
  createCategory(@Body(new ZodValidationPipe(routes.createKbCategory.body)) body: KbCategoryRequest): Promise<KbCategory> {
    return this.commands.execute(new CreateKbCategory(body.name));
  }

  @Get('knowledge-base/articles')
  async articles(@Query(new ZodValidationPipe(routes.kbArticles.query)) query: { category?: string }): Promise<KbArticleList> {
    return { articles: await this.queries.execute(new ListKbArticles(query.category)) };
  }

  @Post('knowledge-base/articles')
  async createArticle(@Body(new ZodValidationPipe(routes.createKbArticle.body)) body: KbArticleRequest, @CurrentUser() admin: User): Promise<KbArticleSaved> {
    return { message: 'Article created', article: await this.commands.execute<CreateKbArticle, KbArticle>(new CreateKbArticle(body, admin.id)) };
  }

  @Get('knowledge-base/articles/:id')
  article(@Param('id') id: string): Promise<KbArticle> {
    return this.queries.execute(new GetKbArticle(id));
  }

  @Put('knowledge-base/articles/:id')
  async updateArticle(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.updateKbArticle.body)) body: KbArticleRequest,
    @CurrentUser() admin: User,
  ): Promise<KbArticleSaved> {
    return { message: 'Article saved', article: await this.commands.execute<UpdateKbArticle, KbArticle>(new UpdateKbArticle(id, body, admin.id)) };
  }

  @Get('system-health')
  systemHealth(): Promise<SystemHealth> {
    return this.queries.execute(new GetSystemHealth());
  }

  @Post('system-health/refresh')
  @HttpCode(200)
  async refreshSystemHealth(): Promise<SystemHealth> {
    await this.commands.execute(new RefreshSystemHealth());
    return this.queries.execute(new GetSystemHealth());
  }

  /** Starts a rebuild and answers at once; its progress shows in system health. */
  @Post('projections/:name/rebuild')
  async rebuild(@Param('name') name: string): Promise<RebuildStarted> {
    await this.commands.execute(new RebuildProjection(name));
    return { message: `Rebuild of ${name} started`, projection: name };
  }
}
