import {
  routes,
  type KbArticle,
  type KbArticleList,
  type KbArticleRequest,
  type KbArticleSaved,
  type KbCategory,
  type KbCategoryList,
  type KbCategoryRequest,
} from '@crew/contracts';
import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AdminOnly, CurrentUser } from '../../platform/auth/auth.guard';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { CreateKbArticle } from './commands/create-kb-article.command';
import { CreateKbCategory } from './commands/create-kb-category.command';
import { UpdateKbArticle } from './commands/update-kb-article.command';
import { GetKbArticle } from './queries/get-kb-article.query';
import { ListKbArticles } from './queries/list-kb-articles.query';
import { ListKbCategories } from './queries/list-kb-categories.query';

/** Admin → Support, Knowledge Base: categories and articles, drafts included. Administrators only. */
@Controller('api/admin/support')
@AdminOnly()
export class AdminKnowledgeBaseController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

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
}
