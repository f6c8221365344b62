import { REVIEW_TEXT } from '@crew/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { StarInput } from './StarInput';

interface ReviewFormProps {
  readonly subject: string;
  readonly initial?: { rating: number; text: string };
  readonly submitLabel: string;
  readonly pending: boolean;
  readonly onSubmit: (value: { rating: number; text: string }) => Promise<unknown>;
  readonly onCancel?: () => void;
}

/** Stars and a text of 20 to 2,000 characters; the server's own message on refusal. */
export function ReviewForm({ subject, initial, submitLabel, pending, onSubmit, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [text, setText] = useState(initial?.text ?? '');
  const [error, setError] = useState<{ rating?: string; text?: string; form?: string }>({});
  const textId = useId();
  const hintId = `${textId}-hint`;
  const errorId = `${textId}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const problems: typeof error = {};
    if (rating === null) problems.rating = 'Choose a rating from 1 to 5 stars';
    if (trimmed.length < REVIEW_TEXT.min) problems.text = `Please write at least ${REVIEW_TEXT.min} characters`;
    if (trimmed.length > REVIEW_TEXT.max) problems.text = `Please keep your review under ${REVIEW_TEXT.max.toLocaleString('en-US')} characters`;
    setError(problems);
    if (problems.rating || problems.text || rating === null) return;
    try {
      await onSubmit({ rating, text: trimmed });
    } catch (caught) {
      setError({ form: caught instanceof ApiError ? caught.message : 'Your review could not be saved. Please try again.' });
    }
  };

  return (
    <form className="review-form" onSubmit={(event) => void submit(event)} noValidate>
      <StarInput legend={`Your rating of ${subject}`} value={rating} onChange={setRating} error={error.rating} />
      <div className="field">
        <label htmlFor={textId}>Your review of {subject}</label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          maxLength={REVIEW_TEXT.max}
          aria-invalid={error.text ? true : undefined}
          aria-describedby={`${hintId}${error.text ? ` ${errorId}` : ''}`}
        />
        <p id={hintId} className="field__hint">
          At least {REVIEW_TEXT.min} characters ({text.trim().length} / {REVIEW_TEXT.max.toLocaleString('en-US')}).
        </p>
        {error.text && (
          <p id={errorId} className="field__error" role="alert">
            {error.text}
          </p>
        )}
      </div>
      {error.form && (
        <p className="form__error" role="alert">
          {error.form}
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
