import {
  routes,
  type HelpArticle,
  type HelpArticleDetail,
  type HelpArticleList,
  type HelpVoteRequest,
  type HelpVoteResponse,
  type KbCategory,
  type KbCategoryList,
} from '@crew/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { requestLocale, varyByLanguage } from '../../platform/i18n/messages';
import { VoteHelpArticle, type HelpVoteCounts } from './commands/vote-help-article.command';
import { GetHelpArticle } from './queries/get-help-article.query';
import { ListKbCategories } from './queries/list-kb-categories.query';
import { SearchHelpArticles } from './queries/search-help-articles.query';

/**
 * The public Help centre, read from the knowledge base's published articles.
 * The answers it writes from the live configuration (is Crew Finder free, how
 * the crew subscription works) are in the language Accept-Language names
 * (English otherwise), so these answers vary by it.
 */
@Controller('api/help')
export class HelpController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('categories')
  async categories(): Promise<KbCategoryList> {
    return { categories: await this.queries.execute<ListKbCategories, KbCategory[]>(new ListKbCategories(true)) };
  }

  @Get('articles')
  async articles(
    @Query(new ZodValidationPipe(routes.helpArticles.query)) query: { q?: string; category?: string },
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HelpArticleList> {
    varyByLanguage(reply);
    const articles = await this.queries.execute<SearchHelpArticles, HelpArticle[]>(new SearchHelpArticles(query.q, query.category, requestLocale(request)));
    return { articles, total: articles.length };
  }

  @Get('articles/:slug')
  article(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<HelpArticleDetail> {
    varyByLanguage(reply);
    return this.queries.execute(new GetHelpArticle(slug, requestLocale(request)));
  }

  @Post('articles/:slug/vote')
  @HttpCode(200)
  async vote(@Param('slug') slug: string, @Body(new ZodValidationPipe(routes.helpArticleVote.body)) body: HelpVoteRequest): Promise<HelpVoteResponse> {
    const counts = await this.commands.execute<VoteHelpArticle, HelpVoteCounts>(new VoteHelpArticle(slug, body.voter, body.helpful));
    return { message: 'Thank you for your feedback', ...counts };
  }
}
