import { REVIEW_TEXT } from '@crew/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { StarInput } from './StarInput';

interface ReviewFormProps {
  readonly subject: string;
  readonly initial?: { rating: number; text: string };
  readonly submitLabel: string;
  readonly pending: boolean;
  readonly onSubmit: (value: { rating: number; text: string }) => Promise<unknown>;
  readonly onCancel?: () => void;
}

type FieldErrors = { rating?: string; text?: string };

/** Stars and a text of 20 to 2,000 characters; the server's own message on refusal. */
export function ReviewForm({ subject, initial, submitLabel, pending, onSubmit, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [text, setText] = useState(initial?.text ?? '');
  // The server's refusal: shown until the next submit (the field errors follow the values).
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, submitted } = useLiveErrors((): FieldErrors => {
    const trimmed = text.trim();
    const found: FieldErrors = {};
    if (rating === null) found.rating = 'Choose a rating from 1 to 5 stars';
    if (trimmed.length < REVIEW_TEXT.min) found.text = `Please write at least ${REVIEW_TEXT.min} characters`;
    if (trimmed.length > REVIEW_TEXT.max) found.text = `Please keep your review under ${REVIEW_TEXT.max.toLocaleString('en-US')} characters`;
    return found;
  });
  const textId = useId();
  const hintId = `${textId}-hint`;
  const errorId = `${textId}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!submitted() || rating === null) return;
    try {
      await onSubmit({ rating, text: text.trim() });
    } catch (caught) {
      setFormError(caught instanceof ApiError ? caught.message : 'Your review could not be saved. Please try again.');
    }
  };

  return (
    <form className="review-form" onSubmit={(event) => void submit(event)} noValidate>
      <StarInput legend={`Your rating of ${subject}`} value={rating} onChange={setRating} error={errors.rating} />
      <div className="field">
        <label htmlFor={textId}>Your review of {subject}</label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          maxLength={REVIEW_TEXT.max}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${hintId}${errors.text ? ` ${errorId}` : ''}`}
        />
        <p id={hintId} className="field__hint">
          At least {REVIEW_TEXT.min} characters ({text.trim().length} / {REVIEW_TEXT.max.toLocaleString('en-US')}).
        </p>
        {errors.text && (
          <p id={errorId} className="field__error" role="alert">
            {errors.text}
          </p>
        )}
      </div>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
