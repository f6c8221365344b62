import type { RatingSummary } from '@crew/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../lib/format';

/** Five stars as text, with the number for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useLingui();
  const whole = Math.round(rating);
  return (
    <span className="stars" role="img" aria-label={t`${rating} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(whole)}</span>
      <span aria-hidden="true" className="stars__empty">
        {'☆'.repeat(5 - whole)}
      </span>
    </span>
  );
}

/** "★★★★☆ 4.5 · 2 reviews", or "No reviews yet". */
export function RatingSummaryText({ rating }: { rating: RatingSummary | undefined }) {
  if (!rating || rating.count === 0 || rating.average === null) {
    return (
      <span className="muted rating-summary">
        <Trans>No reviews yet</Trans>
      </span>
    );
  }
  const count = rating.count;
  return (
    <span className="rating-summary">
      <Stars rating={rating.average} /> <strong>{formatNumber(rating.average, 1)}</strong> · <Plural value={count} one="# review" other="# reviews" />
    </span>
  );
}
