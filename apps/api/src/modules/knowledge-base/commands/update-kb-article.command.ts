import type { KbArticle, KbArticleRequest } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { articleNotFound, checkKbCategory, isArticleId, loadKbArticle } from '../kb-read-model';

export class UpdateKbArticle {
  constructor(
    readonly articleId: string,
    readonly article: KbArticleRequest,
    readonly adminId: string,
  ) {}
}

/** An administrator edits an article; its slug (and so its address) stays. */
@CommandHandler(UpdateKbArticle)
export class UpdateKbArticleHandler implements ICommandHandler<UpdateKbArticle, KbArticle> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ articleId, article, adminId }: UpdateKbArticle): Promise<KbArticle> {
    if (!isArticleId(articleId)) throw articleNotFound();
    await checkKbCategory(this.dataSource, article.category_id);
    const rows = await this.dataSource.query<unknown[]>(
      `UPDATE kb_articles SET title = $2, summary = $3, body = $4, category_id = $5, published = $6, updated_at = now(), updated_by = $7 WHERE id = $1 RETURNING id`,
      [articleId, article.title, article.summary ?? '', article.body, article.category_id, article.published ?? true, adminId],
    );
    if ((rows[0] as unknown[] | undefined)?.length === 0) throw articleNotFound();
    return loadKbArticle(this.dataSource, articleId);
  }
}
