import { Module } from '@nestjs/common';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { AdminKnowledgeBaseController } from './admin-knowledge-base.controller';
import { CreateKbArticleHandler } from './commands/create-kb-article.command';
import { CreateKbCategoryHandler } from './commands/create-kb-category.command';
import { UpdateKbArticleHandler } from './commands/update-kb-article.command';
import { VoteHelpArticleHandler } from './commands/vote-help-article.command';
import { HelpController } from './help.controller';
import { GetHelpArticleHandler } from './queries/get-help-article.query';
import { GetKbArticleHandler } from './queries/get-kb-article.query';
import { ListKbArticlesHandler } from './queries/list-kb-articles.query';
import { ListKbCategoriesHandler } from './queries/list-kb-categories.query';
import { SearchHelpArticlesHandler } from './queries/search-help-articles.query';

/**
 * The knowledge base: the articles and categories administrators write, and
 * the Help centre where members search, read and vote on them.
 */
@Module({
  // The Help centre writes its answers about paying from whether card payments are set up.
  imports: [SubscriptionsModule],
  controllers: [AdminKnowledgeBaseController, HelpController],
  providers: [
    ListKbCategoriesHandler,
    CreateKbCategoryHandler,
    ListKbArticlesHandler,
    GetKbArticleHandler,
    CreateKbArticleHandler,
    UpdateKbArticleHandler,
    SearchHelpArticlesHandler,
    GetHelpArticleHandler,
    VoteHelpArticleHandler,
  ],
})
export class KnowledgeBaseModule {}
