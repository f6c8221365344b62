import type { HelpArticle } from '@crew/contracts';
import { SOURCE_LOCALE, type Locale } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { PAYMENT_GATEWAY } from '../../subscriptions/payments/payment-gateway';
import type { PaymentGateway } from '../../subscriptions/payments/payment-gateway';
import { generatedAnswers } from '../generated-answers';
import { ARTICLE_SELECT, helpOf, likeEscape, needsGeneratedAnswers, type ArticleRow } from '../kb-read-model';

export class SearchHelpArticles {
  constructor(
    readonly q: string | undefined,
    readonly categorySlug: string | undefined,
    /** The language the answers written from the configuration are in. */
    readonly locale: Locale = SOURCE_LOCALE,
  ) {}
}

/** The Help centre: published articles matching every word of `q` (title matches first), in one category or all. */
@QueryHandler(SearchHelpArticles)
export class SearchHelpArticlesHandler implements IQueryHandler<SearchHelpArticles, HelpArticle[]> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
  ) {}

  async execute({ q, categorySlug, locale }: SearchHelpArticles): Promise<HelpArticle[]> {
    const words = (q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
    const patterns = words.map((w) => `%${likeEscape(w)}%`);
    const phrase = `%${likeEscape((q ?? '').trim().toLowerCase())}%`;
    const rows = await this.dataSource.query<ArticleRow[]>(
      `${ARTICLE_SELECT}
        WHERE a.published AND ($1::text IS NULL OR c.slug = $1)
          AND (SELECT bool_and(lower(a.title || ' ' || a.summary || ' ' || a.body) LIKE p) FROM unnest($2::text[]) p) IS NOT FALSE
        ORDER BY (lower(a.title) LIKE $3) DESC, (lower(a.title || ' ' || a.summary || ' ' || a.body) LIKE $3) DESC, c.position, a.position, a.created_at
        LIMIT 200`,
      [categorySlug ?? null, patterns, phrase],
    );
    const answers = needsGeneratedAnswers(rows) ? await generatedAnswers(this.dataSource, this.payments !== null, locale) : null;
    return rows.map((row) => helpOf(row, answers));
  }
}
