import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { articleNotFound } from '../kb-read-model';

export interface HelpVoteCounts {
  readonly helpful_count: number;
  readonly total_votes: number;
}

export class VoteHelpArticle {
  constructor(
    readonly slug: string,
    readonly voter: string,
    readonly helpful: boolean,
  ) {}
}

/** A reader answers "Was this helpful?": one vote per reader and article, which they may change. */
@CommandHandler(VoteHelpArticle)
export class VoteHelpArticleHandler implements ICommandHandler<VoteHelpArticle, HelpVoteCounts> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ slug, voter, helpful }: VoteHelpArticle): Promise<HelpVoteCounts> {
    return this.dataSource.transaction(async (manager) => {
      const [article] = await manager.query<{ id: string }[]>('SELECT id FROM kb_articles WHERE slug = $1 AND published FOR UPDATE', [slug]);
      if (!article) throw articleNotFound();
      await manager.query(
        `INSERT INTO kb_votes (article_id, voter, helpful) VALUES ($1, $2, $3)
         ON CONFLICT (article_id, voter) DO UPDATE SET helpful = EXCLUDED.helpful, voted_at = now()`,
        [article.id, voter, helpful],
      );
      // An UPDATE … RETURNING answers [rows, affected count] through TypeORM's PostgreSQL driver.
      const [updated] = await manager.query<unknown[]>(
        `UPDATE kb_articles SET helpful_count = v.helpful, total_votes = v.total
           FROM (SELECT count(*) FILTER (WHERE helpful)::int AS helpful, count(*)::int AS total FROM kb_votes WHERE article_id = $1) v
          WHERE id = $1 RETURNING helpful_count, total_votes`,
        [article.id],
      );
      return (Array.isArray(updated) ? updated[0] : updated) as HelpVoteCounts;
    });
  }
}
