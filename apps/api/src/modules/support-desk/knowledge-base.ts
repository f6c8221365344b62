import type { HelpArticle, HelpArticleDetail, KbArticle, KbArticleRequest, KbArticleSummary, KbCategory } from '@crew/contracts';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../platform/http/api-error';

interface ArticleRow {
  id: string;
  slug: string;
  title: string;
  summary: string;
  body: string;
  category_id: string;
  category: string;
  category_slug: string;
  published: boolean;
  view_count: number;
  helpful_count: number;
  total_votes: number;
  created_at: Date;
  updated_at: Date;
}

const ARTICLE_SELECT = `
  SELECT a.id, a.slug, a.title, a.summary, a.body, a.category_id, c.name AS category, c.slug AS category_slug, a.published,
         a.view_count, a.helpful_count, a.total_votes, a.created_at, a.updated_at
    FROM kb_articles a JOIN kb_categories c ON c.id = a.category_id`;

const summaryOf = (row: ArticleRow): KbArticleSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  category_id: row.category_id,
  category: row.category,
  published: row.published,
  view_count: row.view_count,
  helpful_count: row.helpful_count,
  total_votes: row.total_votes,
  updated_at: row.updated_at.toISOString(),
});
const articleOf = (row: ArticleRow): KbArticle => ({ ...summaryOf(row), body: row.body, created_at: row.created_at.toISOString() });
const helpOf = (row: ArticleRow): HelpArticle => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  body: row.body,
  category: row.category,
  category_slug: row.category_slug,
  updated_at: row.updated_at.toISOString(),
});

/** A URL-safe name from a title: lower case ASCII words joined by hyphens. */
export const slugify = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'article';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (): ApiError => new ApiError(404, 'ARTICLE_NOT_FOUND', 'No help article here');
/** `%`, `_` and `\` match themselves in a search. */
const likeEscape = (word: string): string => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The knowledge base: categories and markdown articles written by
 * administrators; the published ones are the public Help centre and its
 * search. Views are counted when an article is read on its own page; each
 * reader (a random id their browser keeps) has one "Was this helpful?" vote
 * per article, which they may change.
 */
export class KnowledgeBase {
  constructor(private readonly dataSource: DataSource) {}

  async categories(publishedOnly: boolean): Promise<KbCategory[]> {
    const rows = await this.dataSource.query<{ id: string; name: string; slug: string; article_count: number }[]>(
      `SELECT c.id, c.name, c.slug, count(a.id)::int AS article_count
         FROM kb_categories c LEFT JOIN kb_articles a ON a.category_id = c.id ${publishedOnly ? 'AND a.published' : ''}
        GROUP BY c.id ORDER BY c.position, c.name`,
    );
    return rows;
  }

  async createCategory(name: string): Promise<KbCategory> {
    const slug = slugify(name);
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO kb_categories (slug, name, position) SELECT $1, $2, coalesce(max(position), 0) + 1 FROM kb_categories
       ON CONFLICT DO NOTHING RETURNING id`,
      [slug, name],
    ).catch((error: unknown) => {
      if (/kb_categories_name_unique/.test(String(error))) return [];
      throw error;
    });
    if (rows.length === 0) throw new ApiError(409, 'CATEGORY_EXISTS', 'A category with this name already exists');
    return { id: rows[0]!.id, name, slug, article_count: 0 };
  }

  async articles(category?: string): Promise<KbArticleSummary[]> {
    const rows = await this.dataSource.query<ArticleRow[]>(
      `${ARTICLE_SELECT} WHERE ($1::text IS NULL OR c.id::text = $1 OR c.slug = $1) ORDER BY c.position, a.position, a.created_at`,
      [category ?? null],
    );
    return rows.map(summaryOf);
  }

  async article(id: string): Promise<KbArticle> {
    if (!UUID.test(id)) throw notFound();
    const [row] = await this.dataSource.query<ArticleRow[]>(`${ARTICLE_SELECT} WHERE a.id = $1`, [id]);
    if (!row) throw notFound();
    return articleOf(row);
  }

  private async checkCategory(categoryId: string): Promise<void> {
    const [row] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM kb_categories WHERE id = $1', [categoryId]);
    if (!row) throw new ApiError(422, 'UNKNOWN_CATEGORY', 'Choose one of the categories');
  }

  async create(input: KbArticleRequest, adminId: string): Promise<KbArticle> {
    await this.checkCategory(input.category_id);
    const base = slugify(input.title);
    for (let attempt = 0; ; attempt++) {
      const slug = attempt === 0 ? base : `${base}-${attempt + 1}`;
      const rows = await this.dataSource.query<{ id: string }[]>(
        `INSERT INTO kb_articles (slug, category_id, title, summary, body, published, position, created_by, updated_by)
         SELECT $1, $2, $3, $4, $5, $6, coalesce(max(position), 0) + 1, $7, $7 FROM kb_articles
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [slug, input.category_id, input.title, input.summary ?? '', input.body, input.published ?? true, adminId],
      );
      if (rows[0]) return this.article(rows[0].id);
      if (attempt > 50) throw new ApiError(409, 'SLUG_TAKEN', 'Too many articles share this title');
    }
  }

  async update(id: string, input: KbArticleRequest, adminId: string): Promise<KbArticle> {
    if (!UUID.test(id)) throw notFound();
    await this.checkCategory(input.category_id);
    const rows = await this.dataSource.query<unknown[]>(
      `UPDATE kb_articles SET title = $2, summary = $3, body = $4, category_id = $5, published = $6, updated_at = now(), updated_by = $7 WHERE id = $1 RETURNING id`,
      [id, input.title, input.summary ?? '', input.body, input.category_id, input.published ?? true, adminId],
    );
    if ((rows[0] as unknown[] | undefined)?.length === 0) throw notFound();
    return this.article(id);
  }

  /** Published articles matching every word of `q` (title matches first), in one category slug or all. */
  async search(q: string | undefined, category: string | undefined): Promise<HelpArticle[]> {
    const words = (q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
    const patterns = words.map((w) => `%${likeEscape(w)}%`);
    const phrase = `%${likeEscape((q ?? '').trim().toLowerCase())}%`;
    const rows = await this.dataSource.query<ArticleRow[]>(
      `${ARTICLE_SELECT}
        WHERE a.published AND ($1::text IS NULL OR c.slug = $1)
          AND (SELECT bool_and(lower(a.title || ' ' || a.summary || ' ' || a.body) LIKE p) FROM unnest($2::text[]) p) IS NOT FALSE
        ORDER BY (lower(a.title) LIKE $3) DESC, (lower(a.title || ' ' || a.summary || ' ' || a.body) LIKE $3) DESC, c.position, a.position, a.created_at
        LIMIT 200`,
      [category ?? null, patterns, phrase],
    );
    return rows.map(helpOf);
  }

  /** A published article by slug; counts the view. */
  async read(slug: string): Promise<HelpArticleDetail> {
    const [row] = await this.dataSource.query<ArticleRow[]>(
      `WITH viewed AS (UPDATE kb_articles SET view_count = view_count + 1 WHERE slug = $1 AND published RETURNING id)
       ${ARTICLE_SELECT} WHERE a.id = (SELECT id FROM viewed)`,
      [slug],
    );
    if (!row) throw notFound();
    return { ...helpOf(row), helpful_count: row.helpful_count, total_votes: row.total_votes };
  }

  async vote(slug: string, voter: string, helpful: boolean): Promise<{ helpful_count: number; total_votes: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [article] = await manager.query<{ id: string }[]>('SELECT id FROM kb_articles WHERE slug = $1 AND published FOR UPDATE', [slug]);
      if (!article) throw notFound();
      await manager.query(
        `INSERT INTO kb_votes (article_id, voter, helpful) VALUES ($1, $2, $3)
         ON CONFLICT (article_id, voter) DO UPDATE SET helpful = EXCLUDED.helpful, voted_at = now()`,
        [article.id, voter, helpful],
      );
      const [counts] = await manager.query<{ helpful_count: number; total_votes: number }[]>(
        `UPDATE kb_articles SET helpful_count = v.helpful, total_votes = v.total
           FROM (SELECT count(*) FILTER (WHERE helpful)::int AS helpful, count(*)::int AS total FROM kb_votes WHERE article_id = $1) v
          WHERE id = $1 RETURNING helpful_count, total_votes`,
        [article.id],
      );
      return Array.isArray(counts) ? (counts as unknown as { helpful_count: number; total_votes: number }[])[0]! : counts!;
    });
  }
}
