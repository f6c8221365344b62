import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Markdown } from '../../../components/ui/Markdown';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { helpArticleQueryOptions, useVoteOnArticle } from '../../../api/help';
import '../help.css';

/** One help article on its own page, with "Was this helpful?". */
export function HelpArticlePage() {
  const { slug = '' } = useParams();
  const article = useQuery(helpArticleQueryOptions(slug));
  const vote = useVoteOnArticle(slug);
  usePageMeta(article.data?.title ?? 'Help article', article.data?.summary || 'An article of the Crew Finder Help Centre.');

  if (article.isPending) return <LoadingState label="Loading the article…" />;
  if (article.isError) {
    const missing = article.error instanceof ApiError && article.error.status === 404;
    return (
      <div className="page help-page">
        <ErrorState
          message={missing ? 'This help article does not exist or is no longer published.' : 'The article could not be loaded.'}
          onRetry={missing ? undefined : () => void article.refetch()}
        />
        <p>
          <Link to="/help">Back to the Help Centre</Link>
        </p>
      </div>
    );
  }
  const { data } = article;
  return (
    <div className="page help-page">
      <p className="help-breadcrumb">
        <Link to="/help">Help Centre</Link> › <Link to={`/help?category=${encodeURIComponent(data.category)}`}>{data.category}</Link>
      </p>
      <PageHeader title={data.title} lead={data.summary || undefined} />
      <article className="card help-article">
        <Markdown source={data.body} />
        <p className="help-count">Updated {new Date(data.updated_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}</p>
      </article>
      <section className="card help-vote" aria-labelledby="vote-heading">
        <h2 id="vote-heading">Was this helpful?</h2>
        {vote.isSuccess ? (
          <p role="status">Thank you for your feedback.</p>
        ) : (
          <div className="actions">
            <button type="button" className="button button--secondary" disabled={vote.isPending} onClick={() => vote.mutate(true)}>
              Yes
            </button>
            <button type="button" className="button button--secondary" disabled={vote.isPending} onClick={() => vote.mutate(false)}>
              No
            </button>
          </div>
        )}
        {vote.isError && <p role="alert">Your vote could not be saved. Please try again.</p>}
        <p className="help-count">
          {data.total_votes === 0 ? 'No votes yet.' : `${data.helpful_count} of ${data.total_votes} readers found this helpful.`} Still stuck? Write to{' '}
          <a href="mailto:support@crewfinder.app">support@crewfinder.app</a>.
        </p>
      </section>
    </div>
  );
}
