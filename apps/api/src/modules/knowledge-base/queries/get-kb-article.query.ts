import type { KbArticle } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { loadKbArticle } from '../kb-read-model';

export class GetKbArticle {
  constructor(readonly articleId: string) {}
}

/** One article for the editor (no view counted). */
@QueryHandler(GetKbArticle)
export class GetKbArticleHandler implements IQueryHandler<GetKbArticle, KbArticle> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ articleId }: GetKbArticle): Promise<KbArticle> {
    return loadKbArticle(this.dataSource, articleId);
  }
}
