import type { KbArticle, KbArticleRequest } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { checkKbCategory, loadKbArticle, slugify } from '../kb-read-model';

export class CreateKbArticle {
  constructor(
    readonly article: KbArticleRequest,
    readonly adminId: string,
  ) {}
}

/**
 * An administrator writes a knowledge-base article (published unless they
 * say otherwise). Its slug comes from the title; a title already taken gets
 * `-2`, `-3`… so two articles never share a page.
 */
@CommandHandler(CreateKbArticle)
export class CreateKbArticleHandler implements ICommandHandler<CreateKbArticle, KbArticle> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ article, adminId }: CreateKbArticle): Promise<KbArticle> {
    await checkKbCategory(this.dataSource, article.category_id);
    const base = slugify(article.title);
    for (let attempt = 0; ; attempt++) {
      const slug = attempt === 0 ? base : `${base}-${attempt + 1}`;
      const rows = await this.dataSource.query<{ id: string }[]>(
        `INSERT INTO kb_articles (slug, category_id, title, summary, body, published, position, created_by, updated_by)
         SELECT $1, $2, $3, $4, $5, $6, coalesce(max(position), 0) + 1, $7, $7 FROM kb_articles
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [slug, article.category_id, article.title, article.summary ?? '', article.body, article.published ?? true, adminId],
      );
      if (rows[0]) return loadKbArticle(this.dataSource, rows[0].id);
      if (attempt > 50) throw new ApplicationError('conflict', 'SLUG_TAKEN', 'Too many articles share this title');
    }
  }
}
