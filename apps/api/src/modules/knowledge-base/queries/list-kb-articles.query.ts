import type { KbArticleSummary } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ARTICLE_SELECT, summaryOf, type ArticleRow } from '../kb-read-model';

export class ListKbArticles {
  /** `category`: a category id or slug; all categories without it. */
  constructor(readonly category?: string) {}
}

/** The editor's article cards, published or not, in category and article order. */
@QueryHandler(ListKbArticles)
export class ListKbArticlesHandler implements IQueryHandler<ListKbArticles, KbArticleSummary[]> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ category }: ListKbArticles): Promise<KbArticleSummary[]> {
    const rows = await this.dataSource.query<ArticleRow[]>(
      `${ARTICLE_SELECT} WHERE ($1::text IS NULL OR c.id::text = $1 OR c.slug = $1) ORDER BY c.position, a.position, a.created_at`,
      [category ?? null],
    );
    return rows.map(summaryOf);
  }
}
