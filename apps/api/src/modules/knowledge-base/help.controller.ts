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
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { VoteHelpArticle, type HelpVoteCounts } from './commands/vote-help-article.command';
import { GetHelpArticle } from './queries/get-help-article.query';
import { ListKbCategories } from './queries/list-kb-categories.query';
import { SearchHelpArticles } from './queries/search-help-articles.query';

/** The public Help centre, read from the knowledge base's published articles. */
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
  async articles(@Query(new ZodValidationPipe(routes.helpArticles.query)) query: { q?: string; category?: string }): Promise<HelpArticleList> {
    const articles = await this.queries.execute<SearchHelpArticles, HelpArticle[]>(new SearchHelpArticles(query.q, query.category));
    return { articles, total: articles.length };
  }

  @Get('articles/:slug')
  article(@Param('slug') slug: string): Promise<HelpArticleDetail> {
    return this.queries.execute(new GetHelpArticle(slug));
  }

  @Post('articles/:slug/vote')
  @HttpCode(200)
  async vote(@Param('slug') slug: string, @Body(new ZodValidationPipe(routes.helpArticleVote.body)) body: HelpVoteRequest): Promise<HelpVoteResponse> {
    const counts = await this.commands.execute<VoteHelpArticle, HelpVoteCounts>(new VoteHelpArticle(slug, body.voter, body.helpful));
    return { message: 'Thank you for your feedback', ...counts };
  }
}
