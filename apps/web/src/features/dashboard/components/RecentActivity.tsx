import type { ActivityItem } from '@crew/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { activityQueryOptions, flattenActivity } from '../../../api/activity';
import { activityText, activityWhen } from './activity-text';
import '../recent-activity.css';

/** A small mark per kind of activity (decorative: the sentence says it all). */
const MARKS: Record<ActivityItem['kind'], string> = {
  application_sent: '➤',
  application_received: '✉',
  application_withdrawn: '↩',
  application_accepted: '✓',
  application_rejected: '✕',
  application_expired: '⌛',
  agreement_issued: '✎',
  agreement_accepted: '✓',
  float_plan_filed: '⚓',
  voyage_cancelled: '✕',
  review_received: '★',
  messages: '✉',
};

const failureText = (error: unknown): string =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP_ERROR' ? error.message : 'Your recent activity could not be loaded.';

function RetryError({ message, onRetry, what }: { message: string; onRetry: () => void; what: string }) {
  return (
    <div className="state state--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Retry<span className="visually-hidden"> {what}</span>
      </button>
    </div>
  );
}

/**
 * "Recent activity": what happened to the signed-in member, newest first
 * (applications sent, received and decided, agreements, float plans,
 * cancellations, reviews received, unread conversations), each line linking
 * to its screen; "Show more" loads older items.
 */
export function RecentActivity() {
  const activity = useInfiniteQuery({ ...activityQueryOptions(), select: flattenActivity });
  const now = new Date();
  return (
    <section className="card dashboard__section recent-activity" aria-labelledby="recent-activity">
      <div className="dashboard__section-head">
        <h2 id="recent-activity">Recent activity</h2>
      </div>
      {activity.isPending ? (
        <LoadingState label="Loading your recent activity…" />
      ) : !activity.data ? (
        <RetryError message={failureText(activity.error)} onRetry={() => void activity.refetch()} what="loading your recent activity" />
      ) : activity.data.length === 0 ? (
        <EmptyState title="Nothing has happened yet.">
          <p>Applications, crew agreements, float plans, messages and reviews show up here as they happen.</p>
        </EmptyState>
      ) : (
        <>
          <ol className="activity-list">
            {activity.data.map((item) => (
              <li key={item.id} className={`activity-item activity-item--${item.kind}`}>
                <span className="activity-item__mark" aria-hidden="true">
                  {MARKS[item.kind]}
                </span>
                <div className="activity-item__body">
                  <Link to={item.link} className="activity-item__text">
                    {activityText(item)}
                  </Link>
                  <time className="activity-item__when" dateTime={item.at} title={new Date(item.at).toLocaleString('en-US')}>
                    {activityWhen(item.at, now)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
          {activity.isFetchNextPageError ? (
            <RetryError message="Older activity could not be loaded." onRetry={() => void activity.fetchNextPage()} what="loading older activity" />
          ) : (
            activity.hasNextPage && (
              <button
                type="button"
                className="button button--secondary button--small activity-more"
                disabled={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                {activity.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            )
          )}
        </>
      )}
    </section>
  );
}
