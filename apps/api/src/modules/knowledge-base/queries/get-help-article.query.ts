import type { HelpArticleDetail } from '@crew/contracts';
import { SOURCE_LOCALE, type Locale } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { PAYMENT_GATEWAY } from '../../subscriptions/payments/payment-gateway';
import type { PaymentGateway } from '../../subscriptions/payments/payment-gateway';
import { generatedAnswers } from '../generated-answers';
import { ARTICLE_SELECT, articleNotFound, helpOf, needsGeneratedAnswers, type ArticleRow } from '../kb-read-model';

export class GetHelpArticle {
  constructor(
    readonly slug: string,
    /** The language the answers written from the configuration are in. */
    readonly locale: Locale = SOURCE_LOCALE,
  ) {}
}

/**
 * A published article's page. Reading it counts the view, in the same
 * statement: the view counter is a tally kept on the article, not state any
 * decision depends on, so it rides on the read rather than a command of its own.
 */
@QueryHandler(GetHelpArticle)
export class GetHelpArticleHandler implements IQueryHandler<GetHelpArticle, HelpArticleDetail> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
  ) {}

  async execute({ slug, locale }: GetHelpArticle): Promise<HelpArticleDetail> {
    const [row] = await this.dataSource.query<ArticleRow[]>(
      `WITH viewed AS (UPDATE kb_articles SET view_count = view_count + 1 WHERE slug = $1 AND published RETURNING id)
       ${ARTICLE_SELECT} WHERE a.id = (SELECT id FROM viewed)`,
      [slug],
    );
    if (!row) throw articleNotFound();
    const answers = needsGeneratedAnswers([row]) ? await generatedAnswers(this.dataSource, this.payments !== null, locale) : null;
    return { ...helpOf(row, answers), helpful_count: row.helpful_count, total_votes: row.total_votes };
  }
}
