import {
  routes,
  type HelpArticleDetail,
  type HelpArticleList,
  type HelpVoteRequest,
  type HelpVoteResponse,
  type KbCategoryList,
  type MailPreferences,
  type UnsubscribeRequest,
} from '@crew/contracts';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { Runtime } from '../../platform/runtime';
import { RUNTIME } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { KnowledgeBase } from './knowledge-base';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The public Help centre, read from the knowledge base's published articles. */
@Controller('api/help')
export class HelpController {
  private readonly kb: KnowledgeBase;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    this.kb = new KnowledgeBase(runtime.dataSource);
  }

  @Get('categories')
  async categories(): Promise<KbCategoryList> {
    return { categories: await this.kb.categories(true) };
  }

  @Get('articles')
  async articles(@Query(new ZodValidationPipe(routes.helpArticles.query)) query: { q?: string; category?: string }): Promise<HelpArticleList> {
    const articles = await this.kb.search(query.q, query.category);
    return { articles, total: articles.length };
  }

  @Get('articles/:slug')
  article(@Param('slug') slug: string): Promise<HelpArticleDetail> {
    return this.kb.read(slug);
  }

  @Post('articles/:slug/vote')
  @HttpCode(200)
  async vote(@Param('slug') slug: string, @Body(new ZodValidationPipe(routes.helpArticleVote.body)) body: HelpVoteRequest): Promise<HelpVoteResponse> {
    const counts = await this.kb.vote(slug, body.voter, body.helpful);
    return { message: 'Thank you for your feedback', ...counts };
  }
}

/** Unsubscribe links, open tracking and the signed-in user's mail preferences. */
@Controller('api')
export class MailPreferencesController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Post('mail/unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Body(new ZodValidationPipe(routes.unsubscribe.body)) body: UnsubscribeRequest): Promise<{ message: string }> {
    if (!this.runtime.mailLinks.verifyUnsubscribe(body.user, body.token)) {
      throw new ApiError(403, 'INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid. Sign in and turn news mail off in your profile instead.');
    }
    // An erased account has nothing left to unsubscribe; the answer is the same.
    await this.runtime.dataSource.query(
      `INSERT INTO mail_preferences (user_id, marketing, unsubscribed_at) SELECT id, false, now() FROM users WHERE id = $1
       ON CONFLICT (user_id) DO UPDATE SET marketing = false, unsubscribed_at = now(), updated_at = now()`,
      [body.user],
    );
    return { message: 'You are unsubscribed: Crew Finder will send you no more campaign mail. Mail about your account and voyages still arrives.' };
  }

  /** The tracking image of a campaign mail: records the first open, always answers the image. */
  @Get('mail/open/:token')
  async open(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    const opened = this.runtime.mailLinks.openedMessage(token);
    if (opened) {
      await this.runtime.dataSource
        .query('UPDATE email_messages SET opened_at = now() WHERE campaign_id = $1 AND recipient_id = $2 AND opened_at IS NULL', [opened.campaignId, opened.userId])
        .catch(() => undefined);
    }
    void reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
  }

  @Get('users/me/mail-preferences')
  @Authenticated()
  async preferences(@CurrentUser() user: User): Promise<MailPreferences> {
    const [row] = await this.runtime.dataSource.query<{ marketing: boolean }[]>('SELECT marketing FROM mail_preferences WHERE user_id = $1', [user.id]);
    return { marketing: row?.marketing ?? true };
  }

  @Put('users/me/mail-preferences')
  @Authenticated()
  async updatePreferences(@Body(new ZodValidationPipe(routes.updateMailPreferences.body)) body: MailPreferences, @CurrentUser() user: User): Promise<MailPreferences> {
    await this.runtime.dataSource.query(
      `INSERT INTO mail_preferences (user_id, marketing, unsubscribed_at) VALUES ($1, $2, CASE WHEN $2 THEN NULL ELSE now() END)
       ON CONFLICT (user_id) DO UPDATE SET marketing = EXCLUDED.marketing, unsubscribed_at = EXCLUDED.unsubscribed_at, updated_at = now()`,
      [user.id, body.marketing],
    );
    return { marketing: body.marketing };
  }
}
