import type { ReviewCounterpart } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { activeLocale } from '../../../i18n/i18n';
import { myVoyageReviewsQueryOptions, useCreateReview, useUpdateReview } from '../../../api/reviews';
import { ReviewForm } from './ReviewForm';
import { Stars } from '../../../components/reviews/Stars';
import '../../../components/reviews/reviews.css';

/** "5 June 2026" in English, as before; the page's own form in the other languages. */
const day = (iso: string): string => {
  const locale = activeLocale();
  return new Date(iso).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric' });
};

/** One person the viewer sailed with: write, edit while hidden, or see where the double-blind stands. */
function Counterpart({ voyageId, counterpart }: { voyageId: string; counterpart: ReviewCounterpart }) {
  const { t } = useLingui();
  const name = `${counterpart.user.first_name} ${counterpart.user.last_name}`.trim();
  const review = counterpart.my_review;
  const create = useCreateReview(voyageId);
  const update = useUpdateReview(review?.id ?? '');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const headingId = `review-${counterpart.user.id}`;
  const firstName = counterpart.user.first_name;
  const visibleFrom = review ? day(review.visible_from) : '';

  return (
    <li className="review-counterpart" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Link to={`/users/${encodeURIComponent(counterpart.user.id)}`}>{name}</Link>{' '}
        <span className="muted">{counterpart.role === 'skipper' ? <Trans>(skipper)</Trans> : <Trans>(crew)</Trans>}</span>
      </h3>
      {saved && (
        <p className="form__success" role="status">
          {saved}
        </p>
      )}
      {!review && counterpart.can_review && (
        <ReviewForm
          subject={name}
          submitLabel={t`Submit review`}
          pending={create.isPending}
          onSubmit={async (value) => {
            const result = await create.mutateAsync({ reviewee_id: counterpart.user.id, ...value });
            setSaved(result.message);
          }}
        />
      )}
      {!review && !counterpart.can_review && (
        <p className="muted">
          <Trans>Reviews for this voyage have closed.</Trans>
        </p>
      )}
      {review && editing && (
        <ReviewForm
          subject={name}
          initial={{ rating: review.rating, text: review.text }}
          submitLabel={t`Save changes`}
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (value) => {
            const result = await update.mutateAsync(value);
            setSaved(result.message);
            setEditing(false);
          }}
        />
      )}
      {review && !editing && (
        <div className="review-mine">
          <p>
            <Trans>
              Your review: <Stars rating={review.rating} />
            </Trans>
          </p>
          <blockquote className="review__text">{review.text}</blockquote>
          {review.visible ? (
            <p className="muted">
              <Trans>Both reviews are shown on your profiles.</Trans>
            </p>
          ) : (
            <p className="review-waiting" role="note">
              {counterpart.they_reviewed
                ? t`Both of you have reviewed each other.`
                : t`Waiting for ${firstName} to review you. Your review stays hidden until they do, or until ${visibleFrom}, and you can change it until then.`}
            </p>
          )}
          {review.editable && (
            <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
              <Trans>
                Edit your review<span className="visually-hidden"> of {name}</span>
              </Trans>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The review area of a completed voyage for its skipper and crew. Anyone else
 * sees nothing here (their reviews are on the profiles).
 */
export function VoyageReviewsPanel({ voyageId }: { voyageId: string }) {
  const { t } = useLingui();
  const mine = useQuery(myVoyageReviewsQueryOptions(voyageId));
  const { hash } = useLocation();
  const shown = Boolean(mine.data && mine.data.counterparts.length > 0 && mine.data.reason !== 'not_on_voyage' && mine.data.reason !== 'not_completed');
  // A link to `#reviews` (the dashboard's "Reviews to write", the invitation mail) lands here once the panel exists.
  useEffect(() => {
    if (shown && hash === '#reviews') document.getElementById('reviews')?.scrollIntoView?.({ block: 'start' });
  }, [shown, hash]);
  if (mine.isPending) return <LoadingState label={t`Loading reviews…`} />;
  if (mine.isError) return <ErrorState message={t`Your reviews for this voyage could not be loaded.`} onRetry={() => void mine.refetch()} />;
  const data = mine.data;
  if (data.reason === 'not_on_voyage' || data.reason === 'not_completed' || data.counterparts.length === 0) return null;
  return (
    <section id="reviews" className="card detail-card voyage-reviews" aria-labelledby="voyage-reviews-heading">
      <h2 id="voyage-reviews-heading">
        <Trans>Reviews</Trans>
      </h2>
      <p className="muted">
        <Trans>Reviews are double-blind: each one is shown once the other side has reviewed too, or 14 days after the voyage was completed. Until then you can change yours.</Trans>
      </p>
      <ul className="review-counterparts">
        {data.counterparts.map((counterpart) => (
          <Counterpart key={counterpart.user.id} voyageId={voyageId} counterpart={counterpart} />
        ))}
      </ul>
    </section>
  );
}
