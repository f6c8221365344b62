import type { RatingSummary } from '@crew/contracts';

/** Five stars as text, with the number for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const whole = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(whole)}</span>
      <span aria-hidden="true" className="stars__empty">
        {'☆'.repeat(5 - whole)}
      </span>
    </span>
  );
}

/** "★★★★☆ 4.5 · 2 reviews", or "No reviews yet". */
export function RatingSummaryText({ rating }: { rating: RatingSummary | undefined }) {
  if (!rating || rating.count === 0 || rating.average === null) return <span className="muted rating-summary">No reviews yet</span>;
  return (
    <span className="rating-summary">
      <Stars rating={rating.average} /> <strong>{rating.average.toFixed(1)}</strong> · {rating.count === 1 ? '1 review' : `${rating.count} reviews`}
    </span>
  );
}
