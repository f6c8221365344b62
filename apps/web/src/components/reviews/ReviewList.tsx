import type { ReviewResponse } from '@crew/contracts';
import { REVIEW_HIDE_REASON, REVIEW_REPORT_REASON } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useHideReview, useReportReview } from '../../api/reviews';
import { activeLocale } from '../../i18n/i18n';
import { Stars } from './Stars';

/** "June 2026", in the page's language. */
const month = (iso: string): string => {
  const locale = activeLocale();
  return new Date(iso).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, { month: 'long', year: 'numeric' });
};

/** The reason box opens on demand: its form library loads then, not with the profile. */
const ReasonForm = lazy(() => import('./ReasonForm').then((module) => ({ default: module.ReasonForm })));

function ReviewItem({ review, viewerId, viewerIsAdmin }: { review: ReviewResponse; viewerId: string | null; viewerIsAdmin: boolean }) {
  const report = useReportReview(review.id);
  const hide = useHideReview(review.id);
  const [open, setOpen] = useState<'report' | 'hide' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { t } = useLingui();
  const author = `${review.reviewer.first_name} ${review.reviewer.last_name}`.trim() || t`A member`;
  const voyageTitle = review.voyage.title;
  return (
    <li className="review">
      <p className="review__head">
        <Stars rating={review.rating} /> <Link to={`/users/${encodeURIComponent(review.reviewer.id)}`}>{author}</Link>
        <span className="muted">
          {' '}
          · {review.reviewer_role === 'skipper' ? t`skipper` : t`crew`}
          {voyageTitle ? (
            <>
              {' '}
              <Trans>
                on <Link to={`/voyages/${encodeURIComponent(review.voyage.id)}`}>{voyageTitle}</Link>
              </Trans>
            </>
          ) : null}{' '}
          · {month(review.created_at)}
        </span>
      </p>
      <blockquote className="review__text">{review.text}</blockquote>
      {notice && (
        <p className="form__success" role="status">
          {notice}
        </p>
      )}
      {viewerId && open === null && (
        <div className="actions review__actions">
          {viewerId !== review.reviewer.id && !notice && (
            <button type="button" className="button button--link" onClick={() => setOpen('report')}>
              <Trans>
                Report<span className="visually-hidden"> the review by {author}</span>
              </Trans>
            </button>
          )}
          {viewerIsAdmin && (
            <button type="button" className="button button--link" onClick={() => setOpen('hide')}>
              <Trans>
                Hide<span className="visually-hidden"> the review by {author}</span>
              </Trans>
            </button>
          )}
        </div>
      )}
      {open === 'report' && (
        <Suspense fallback={null}>
          <ReasonForm
            kind="report"
            label={t`What is wrong with this review?`}
            submitLabel={t`Send report`}
            max={REVIEW_REPORT_REASON.max}
            onSubmit={async (reason) => setNotice((await report.mutateAsync(reason)).message)}
            onDone={() => setOpen(null)}
          />
        </Suspense>
      )}
      {open === 'hide' && (
        <Suspense fallback={null}>
          <ReasonForm
            kind="hide"
            label={t`Reason for hiding (kept with your name)`}
            submitLabel={t`Hide review`}
            max={REVIEW_HIDE_REASON.max}
            onSubmit={(reason) => hide.mutateAsync(reason)}
            onDone={() => setOpen(null)}
          />
        </Suspense>
      )}
    </li>
  );
}

/** Visible reviews, newest first, with Report for signed-in members and Hide for administrators. */
export function ReviewList({ reviews, viewerId, viewerIsAdmin }: { reviews: readonly ReviewResponse[]; viewerId: string | null; viewerIsAdmin: boolean }) {
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} viewerId={viewerId} viewerIsAdmin={viewerIsAdmin} />
      ))}
    </ul>
  );
}
