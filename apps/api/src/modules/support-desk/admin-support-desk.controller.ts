import {
  routes,
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
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { AdminOnly, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { isMarketingTemplate, TEMPLATE_DEFINITIONS } from '../../platform/mail/template-definitions';
import { rebuildProjection } from '../../platform/projections/projection-rebuild';
import { loadRebuilds } from '../../platform/projections/rebuild-progress';
import type { Runtime } from '../../platform/runtime';
import { RUNTIME } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { EmailTemplateAdmin } from './email-template-admin';
import { KnowledgeBase } from './knowledge-base';

/**
 * Support Dashboard (spec section 2, "Admin support"): Communications
 * (email templates, campaigns), Knowledge Base and System Health with the
 * projections panel. Administrators only.
 */
@Controller('api/admin/support')
@AdminOnly()
export class AdminSupportDeskController {
  private readonly templates: EmailTemplateAdmin;
  private readonly kb: KnowledgeBase;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    this.templates = new EmailTemplateAdmin(runtime.dataSource, runtime.templates);
    this.kb = new KnowledgeBase(runtime.dataSource);
  }

  @Get('email-templates')
  async listTemplates(): Promise<EmailTemplateList> {
    return { templates: await this.templates.list() };
  }

  @Put('email-templates/:id')
  async updateTemplate(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.updateEmailTemplate.body)) body: EmailTemplateUpdate,
    @CurrentUser() admin: User,
  ): Promise<EmailTemplateSaved> {
    return { message: 'Template saved', template: await this.templates.update(id, body, admin.id) };
  }

  @Delete('email-templates/:id')
  async resetTemplate(@Param('id') id: string, @CurrentUser() admin: User): Promise<EmailTemplateSaved> {
    return { message: 'Template restored to the text it ships with', template: await this.templates.reset(id, admin.id) };
  }

  @Post('email-templates/:id/preview')
  @HttpCode(200)
  previewTemplate(@Param('id') id: string, @Body(new ZodValidationPipe(routes.previewEmailTemplate.body)) body: EmailTemplateUpdate): EmailTemplatePreview {
    return this.templates.preview(id, body);
  }

  @Get('communications/recent')
  async recent(): Promise<RecentCommunications> {
    return { communications: await this.runtime.campaigns.recent() };
  }

  @Post('send-campaign')
  async sendCampaign(@Body(new ZodValidationPipe(routes.sendCampaign.body)) body: SendCampaignRequest, @CurrentUser() admin: User): Promise<SendCampaignResponse> {
    const template = body.template ?? 'campaign';
    if (!TEMPLATE_DEFINITIONS[template] || !isMarketingTemplate(template)) {
      throw new ApiError(422, 'UNKNOWN_TEMPLATE', 'Choose a campaign template');
    }
    if ((await this.runtime.campaigns.countAudience(body.audience)) === 0) {
      throw new ApiError(422, 'NO_RECIPIENTS', 'Nobody in this audience receives campaign mail');
    }
    const campaign = await this.runtime.campaigns.create({ audience: body.audience, subject: body.subject, template, message: body.message, createdBy: admin.id });
    return { message: `Campaign queued for ${campaign.recipients.toLocaleString('en-GB')} recipient(s)`, campaign };
  }

  @Get('knowledge-base/categories')
  async categories(): Promise<KbCategoryList> {
    return { categories: await this.kb.categories(false) };
  }

  @Post('knowledge-base/categories')
  createCategory(@Body(new ZodValidationPipe(routes.createKbCategory.body)) body: KbCategoryRequest): Promise<KbCategory> {
    return this.kb.createCategory(body.name);
  }

  @Get('knowledge-base/articles')
  async articles(@Query(new ZodValidationPipe(routes.kbArticles.query)) query: { category?: string }): Promise<KbArticleList> {
    return { articles: await this.kb.articles(query.category) };
  }

  @Post('knowledge-base/articles')
  async createArticle(@Body(new ZodValidationPipe(routes.createKbArticle.body)) body: KbArticleRequest, @CurrentUser() admin: User): Promise<KbArticleSaved> {
    return { message: 'Article created', article: await this.kb.create(body, admin.id) };
  }

  @Get('knowledge-base/articles/:id')
  article(@Param('id') id: string): Promise<KbArticle> {
    return this.kb.article(id);
  }

  @Put('knowledge-base/articles/:id')
  async updateArticle(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.updateKbArticle.body)) body: KbArticleRequest,
    @CurrentUser() admin: User,
  ): Promise<KbArticleSaved> {
    return { message: 'Article saved', article: await this.kb.update(id, body, admin.id) };
  }

  @Get('system-health')
  systemHealth(): Promise<SystemHealth> {
    return this.runtime.healthMonitor.report();
  }

  @Post('system-health/refresh')
  @HttpCode(200)
  async refreshSystemHealth(): Promise<SystemHealth> {
    await this.runtime.healthMonitor.record();
    await this.runtime.errorLog.drain();
    return this.runtime.healthMonitor.report();
  }

  /**
   * Starts the same rebuild as `npm run projections -- rebuild <name>` in this
   * process and answers at once; its progress shows in system health (and
   * /api/health) until it is done. Refused while one is running anywhere.
   */
  @Post('projections/:name/rebuild')
  async rebuild(@Param('name') name: string): Promise<RebuildStarted> {
    const projector = this.runtime.projectors.find((p) => p.name === name);
    if (!projector) throw new ApiError(404, 'PROJECTION_NOT_FOUND', 'No projection with this name');
    const current = (await loadRebuilds(this.runtime.dataSource)).get(name);
    if (current && !current.finishedAt && !current.interrupted) throw new ApiError(409, 'REBUILD_RUNNING', 'This projection is being rebuilt or verified already');
    void rebuildProjection(projector, this.runtime.eventStore, this.runtime.dataSource).catch((error: unknown) =>
      this.runtime.errorLog.record({ level: 'error', message: `rebuild of ${name} failed: ${error instanceof Error ? error.message : String(error)}`, source: 'projections' }),
    );
    return { message: `Rebuild of ${name} started`, projection: name };
  }
}
