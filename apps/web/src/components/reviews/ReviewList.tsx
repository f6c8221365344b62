import type { ReviewResponse } from '@crew/contracts';
import { REVIEW_HIDE_REASON, REVIEW_REPORT_REASON } from '@crew/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { useHideReview, useReportReview } from '../../api/reviews';
import { Stars } from './Stars';

const month = (iso: string): string => new Date(iso).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });

/** A reason box for reporting or hiding, with the server's answer. */
function ReasonForm({ label, submitLabel, min, max, onSubmit, onDone }: { label: string; submitLabel: string; min: number; max: number; onSubmit: (reason: string) => Promise<string>; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < min) {
      setError(`Please write at least ${min} characters`);
      return;
    }
    setPending(true);
    try {
      await onSubmit(reason.trim());
      onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'That did not work. Please try again.');
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="review-reason" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} rows={2} maxLength={max} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={error ? true : undefined} />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--secondary button--small" disabled={pending}>
          {submitLabel}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReviewItem({ review, viewerId, viewerIsAdmin }: { review: ReviewResponse; viewerId: string | null; viewerIsAdmin: boolean }) {
  const report = useReportReview(review.id);
  const hide = useHideReview(review.id);
  const [open, setOpen] = useState<'report' | 'hide' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const author = `${review.reviewer.first_name} ${review.reviewer.last_name}`.trim() || 'A member';
  return (
    <li className="review">
      <p className="review__head">
        <Stars rating={review.rating} />{' '}
        <Link to={`/users/${encodeURIComponent(review.reviewer.id)}`}>{author}</Link>
        <span className="muted">
          {' '}
          · {review.reviewer_role === 'skipper' ? 'skipper' : 'crew'}
          {review.voyage.title ? (
            <>
              {' '}
              on <Link to={`/voyages/${encodeURIComponent(review.voyage.id)}`}>{review.voyage.title}</Link>
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
              Report<span className="visually-hidden"> the review by {author}</span>
            </button>
          )}
          {viewerIsAdmin && (
            <button type="button" className="button button--link" onClick={() => setOpen('hide')}>
              Hide<span className="visually-hidden"> the review by {author}</span>
            </button>
          )}
        </div>
      )}
      {open === 'report' && (
        <ReasonForm
          label="What is wrong with this review?"
          submitLabel="Send report"
          min={REVIEW_REPORT_REASON.min}
          max={REVIEW_REPORT_REASON.max}
          onSubmit={async (reason) => {
            const result = await report.mutateAsync(reason);
            setNotice(result.message);
            return result.message;
          }}
          onDone={() => setOpen(null)}
        />
      )}
      {open === 'hide' && (
        <ReasonForm
          label="Reason for hiding (kept with your name)"
          submitLabel="Hide review"
          min={REVIEW_HIDE_REASON.min}
          max={REVIEW_HIDE_REASON.max}
          onSubmit={async (reason) => (await hide.mutateAsync(reason)).message}
          onDone={() => setOpen(null)}
        />
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
