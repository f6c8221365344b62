import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/Markdown';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { CONTACT } from '../../../lib/site';
import { helpArticleQueryOptions, useVoteOnArticle } from '../../../api/help';
import { categoryLabel, inReadersLanguage } from '../content/faq';
import '../help.css';

/** When the article last changed: "1 January 2026" in English, the reader's own long form otherwise. */
const updatedOn = (timestamp: string, locale: string): string => {
  const date = new Date(timestamp);
  return locale === 'en' ? date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : formatCalendarDate(date);
};

/** One help article on its own page, with "Was this helpful?". */
export function HelpArticlePage() {
  const { t, i18n } = useLingui();
  const { slug = '' } = useParams();
  const article = useQuery(helpArticleQueryOptions(slug));
  const vote = useVoteOnArticle(slug);
  const shown = article.data ? inReadersLanguage(article.data, i18n) : undefined;
  usePageMeta(shown?.title ?? t`Help article`, shown?.summary || t`An article of the Crew Finder Help Centre.`);

  if (article.isPending) return <LoadingState label={t`Loading the article…`} />;
  if (article.isError || !shown) {
    const missing = article.error instanceof ApiError && article.error.status === 404;
    return (
      <div className="page help-page">
        <ErrorState
          message={missing ? t`This help article does not exist or is no longer published.` : t`The article could not be loaded.`}
          onRetry={missing ? undefined : () => void article.refetch()}
        />
        <p>
          <Link to="/help">
            <Trans>Back to the Help Centre</Trans>
          </Link>
        </p>
      </div>
    );
  }
  const updated = updatedOn(shown.updated_at, i18n.locale);
  const helpful = shown.helpful_count;
  const total = shown.total_votes;
  const support = CONTACT.support;
  return (
    <div className="page help-page">
      <p className="help-breadcrumb">
        <Link to="/help">
          <Trans>Help Centre</Trans>
        </Link>{' '}
        › <Link to={`/help?category=${encodeURIComponent(shown.category)}`}>{categoryLabel(shown.category, i18n)}</Link>
      </p>
      <PageHeader title={shown.title} lead={shown.summary || undefined} />
      <article className="card help-article">
        <Markdown source={shown.body} />
        <p className="help-count">
          <Trans>Updated {updated}</Trans>
        </p>
      </article>
      <section className="card help-vote" aria-labelledby="vote-heading">
        <h2 id="vote-heading">
          <Trans>Was this helpful?</Trans>
        </h2>
        {vote.isSuccess ? (
          <p role="status">
            <Trans>Thank you for your feedback.</Trans>
          </p>
        ) : (
          <div className="actions">
            <button type="button" className="button button--secondary" disabled={vote.isPending} onClick={() => vote.mutate(true)}>
              <Trans>Yes</Trans>
            </button>
            <button type="button" className="button button--secondary" disabled={vote.isPending} onClick={() => vote.mutate(false)}>
              <Trans>No</Trans>
            </button>
          </div>
        )}
        {vote.isError && (
          <p role="alert">
            <Trans>Your vote could not be saved. Please try again.</Trans>
          </p>
        )}
        <p className="help-count">
          {total === 0 ? t`No votes yet.` : t`${plural(helpful, { other: `# of ${total} readers found this helpful.` })}`}{' '}
          <Trans>
            Still stuck? Write to <a href={`mailto:${support}`}>{support}</a>.
          </Trans>
        </p>
      </section>
    </div>
  );
}
