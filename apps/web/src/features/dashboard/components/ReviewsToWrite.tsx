import type { ReviewToWrite } from '@crew/contracts';
import { REVIEW_REVEAL_DAYS } from '@crew/rules';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { reviewsToWriteQueryOptions } from '../../../api/reviews';
import { formatCalendarDate } from '../../../lib/format';

/** "Ann Bonny", "Ann Bonny and Mary Read", "Ann Bonny, Mary Read and Jack Rackham". */
const names = (people: ReviewToWrite['people']): string => {
  const all = people.map((p) => `${p.first_name} ${p.last_name}`.trim());
  if (all.length <= 1) return all[0] ?? '';
  const others = all.slice(0, -1).join(', ');
  const last = all[all.length - 1];
  return t`${others} and ${last}`;
};

/**
 * Completed voyages where the signed-in user can still review someone, each
 * linking to the voyage's review panel. Shown only when there is something to
 * write: the voyage page's panel stays the way in otherwise.
 */
export function ReviewsToWrite() {
  const toWrite = useQuery(reviewsToWriteQueryOptions());
  if (!toWrite.data || toWrite.data.length === 0) return null;
  const revealDays = REVIEW_REVEAL_DAYS;
  return (
    <section className="card dashboard__section reviews-to-write" aria-labelledby="reviews-to-write">
      <div className="dashboard__section-head">
        <h2 id="reviews-to-write">
          <Trans>Reviews to write</Trans>
        </h2>
      </div>
      <p className="reviews-to-write__lead">
        <Trans>Reviews stay hidden until both of you have written yours, or for {revealDays} days after the voyage; then they close.</Trans>
      </p>
      <ul className="voyage-rows">
        {toWrite.data.map(({ voyage, people, closes_at }) => {
          const title = voyage.title;
          const who = names(people);
          const closes = formatCalendarDate(new Date(closes_at));
          return (
            <li key={voyage.id} className="voyage-row reviews-to-write__row">
              <div className="voyage-row__main">
                <h3 className="voyage-row__title">
                  <Link to={`/voyages/${encodeURIComponent(voyage.id)}#reviews`}>{voyage.title}</Link>
                </h3>
                <Link to={`/voyages/${encodeURIComponent(voyage.id)}#reviews`} className="button button--small">
                  {people.length === 1 ? (
                    <Trans>
                      Write review<span className="visually-hidden"> for {title}</span>
                    </Trans>
                  ) : (
                    <Trans>
                      Write reviews<span className="visually-hidden"> for {title}</span>
                    </Trans>
                  )}
                </Link>
              </div>
              <p className="reviews-to-write__who">
                <Trans>
                  Review {who} · closes {closes}
                </Trans>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
