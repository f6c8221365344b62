import type { ReviewToWrite } from '@crew/contracts';
import { REVIEW_REVEAL_DAYS } from '@crew/rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { reviewsToWriteQueryOptions } from '../../../api/reviews';

const closesOn = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

const names = (people: ReviewToWrite['people']): string => {
  const all = people.map((p) => `${p.first_name} ${p.last_name}`.trim());
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
};

/**
 * Completed voyages where the signed-in user can still review someone, each
 * linking to the voyage's review panel. Shown only when there is something to
 * write: the voyage page's panel stays the way in otherwise.
 */
export function ReviewsToWrite() {
  const toWrite = useQuery(reviewsToWriteQueryOptions());
  if (!toWrite.data || toWrite.data.length === 0) return null;
  return (
    <section className="card dashboard__section reviews-to-write" aria-labelledby="reviews-to-write">
      <div className="dashboard__section-head">
        <h2 id="reviews-to-write">Reviews to write</h2>
      </div>
      <p className="reviews-to-write__lead">Reviews stay hidden until both of you have written yours, or for {REVIEW_REVEAL_DAYS} days after the voyage; then they close.</p>
      <ul className="voyage-rows">
        {toWrite.data.map(({ voyage, people, closes_at }) => (
          <li key={voyage.id} className="voyage-row reviews-to-write__row">
            <div className="voyage-row__main">
              <h3 className="voyage-row__title">
                <Link to={`/voyages/${encodeURIComponent(voyage.id)}#reviews`}>{voyage.title}</Link>
              </h3>
              <Link to={`/voyages/${encodeURIComponent(voyage.id)}#reviews`} className="button button--small">
                {people.length === 1 ? 'Write review' : 'Write reviews'}
                <span className="visually-hidden"> for {voyage.title}</span>
              </Link>
            </div>
            <p className="reviews-to-write__who">
              Review {names(people)} · closes {closesOn(closes_at)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
