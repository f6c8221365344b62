import type { ActivityItem } from '@crew/contracts';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { activityQueryOptions, flattenActivity } from '../../../api/activity';
import { activeLocale } from '../../../i18n/i18n';
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
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP_ERROR' ? error.message : translate`Your recent activity could not be loaded.`;

/** The moment in full for the tooltip: as before in English ("5/10/2030, 11:59:30 AM"), in the page's language otherwise. */
const fullTime = (iso: string): string => {
  const locale = activeLocale();
  return new Date(iso).toLocaleString(locale === 'en' ? 'en-US' : locale);
};

function RetryError({ message, onRetry, what }: { message: string; onRetry: () => void; what: string }) {
  return (
    <div className="state state--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        <Trans>
          Retry<span className="visually-hidden"> {what}</span>
        </Trans>
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
  const { t } = useLingui();
  const activity = useInfiniteQuery({ ...activityQueryOptions(), select: flattenActivity });
  const now = new Date();
  return (
    <section className="card dashboard__section recent-activity" aria-labelledby="recent-activity">
      <div className="dashboard__section-head">
        <h2 id="recent-activity">
          <Trans>Recent activity</Trans>
        </h2>
      </div>
      {activity.isPending ? (
        <LoadingState label={t`Loading your recent activity…`} />
      ) : !activity.data ? (
        <RetryError message={failureText(activity.error)} onRetry={() => void activity.refetch()} what={t`loading your recent activity`} />
      ) : activity.data.length === 0 ? (
        <EmptyState title={t`Nothing has happened yet.`}>
          <p>
            <Trans>Applications, crew agreements, float plans, messages and reviews show up here as they happen.</Trans>
          </p>
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
                  <time className="activity-item__when" dateTime={item.at} title={fullTime(item.at)}>
                    {activityWhen(item.at, now)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
          {activity.isFetchNextPageError ? (
            <RetryError message={t`Older activity could not be loaded.`} onRetry={() => void activity.fetchNextPage()} what={t`loading older activity`} />
          ) : (
            activity.hasNextPage && (
              <button
                type="button"
                className="button button--secondary button--small activity-more"
                disabled={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                {activity.isFetchingNextPage ? t`Loading…` : t`Show more`}
              </button>
            )
          )}
        </>
      )}
    </section>
  );
}
