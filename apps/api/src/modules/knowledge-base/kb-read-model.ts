/**
 * The knowledge base's tables as its queries and commands read them:
 * categories and markdown articles written by administrators; the published
 * ones are the public Help centre and its search. Views are counted when an
 * article is read on its own page; each reader (a random id their browser
 * keeps) has one "Was this helpful?" vote per article, which they may change.
 */
import type { HelpArticle, KbArticle, KbArticleSummary, KbCategory } from '@crew/contracts';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';

export interface ArticleRow {
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

export const ARTICLE_SELECT = `
  SELECT a.id, a.slug, a.title, a.summary, a.body, a.category_id, c.name AS category, c.slug AS category_slug, a.published,
         a.view_count, a.helpful_count, a.total_votes, a.created_at, a.updated_at
    FROM kb_articles a JOIN kb_categories c ON c.id = a.category_id`;

export const summaryOf = (row: ArticleRow): KbArticleSummary => ({
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
export const articleOf = (row: ArticleRow): KbArticle => ({ ...summaryOf(row), body: row.body, created_at: row.created_at.toISOString() });
/**
 * Answers the Help centre writes from the live configuration rather than
 * from stored text, so they are true whatever the configuration is now: an
 * article's body holds the placeholder, the reader sees the answer.
 * `{{crew_access}}` answers whether crew pay; `{{crew_subscription}}` says how
 * the crew subscription works (see monetizationTerms in the domain).
 */
export const HELP_PLACEHOLDERS = { crewAccess: '{{crew_access}}', crewSubscription: '{{crew_subscription}}' } as const;
export interface GeneratedAnswers {
  readonly crewAccess: string;
  readonly subscription: string;
}

/** Whether any of these rows needs the generated answers. */
export const needsGeneratedAnswers = (rows: readonly Pick<ArticleRow, 'summary' | 'body'>[]): boolean => rows.some((row) => `${row.summary}\n${row.body}`.includes('{{'));

const fill = (text: string, answers: GeneratedAnswers | null): string =>
  answers === null ? text : text.replaceAll(HELP_PLACEHOLDERS.crewAccess, answers.crewAccess).replaceAll(HELP_PLACEHOLDERS.crewSubscription, answers.subscription);

export const helpOf = (row: ArticleRow, answers: GeneratedAnswers | null = null): HelpArticle => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: fill(row.summary, answers),
  body: fill(row.body, answers),
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
export const articleNotFound = (): ApplicationError => new ApplicationError('not_found', 'ARTICLE_NOT_FOUND', 'No help article here');
/** `%`, `_` and `\` match themselves in a search. */
export const likeEscape = (word: string): string => word.replace(/[\\%_]/g, (c) => `\\${c}`);

export const isArticleId = (id: string): boolean => UUID.test(id);

/** Categories with their article counts (published articles only for the Help centre). */
export async function loadKbCategories(dataSource: DataSource, publishedOnly: boolean): Promise<KbCategory[]> {
  return dataSource.query<KbCategory[]>(
    `SELECT c.id, c.name, c.slug, count(a.id)::int AS article_count
       FROM kb_categories c LEFT JOIN kb_articles a ON a.category_id = c.id ${publishedOnly ? 'AND a.published' : ''}
      GROUP BY c.id ORDER BY c.position, c.name`,
  );
}

/** One article as the editor shows it, published or not. */
export async function loadKbArticle(dataSource: DataSource, id: string): Promise<KbArticle> {
  if (!isArticleId(id)) throw articleNotFound();
  const [row] = await dataSource.query<ArticleRow[]>(`${ARTICLE_SELECT} WHERE a.id = $1`, [id]);
  if (!row) throw articleNotFound();
  return articleOf(row);
}

/** Refuses an article in a category that does not exist. */
export async function checkKbCategory(dataSource: DataSource, categoryId: string): Promise<void> {
  const [row] = await dataSource.query<{ id: string }[]>('SELECT id FROM kb_categories WHERE id = $1', [categoryId]);
  if (!row) throw new ApplicationError('rule', 'UNKNOWN_CATEGORY', 'Choose one of the categories');
}
