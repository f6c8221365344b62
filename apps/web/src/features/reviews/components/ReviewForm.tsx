import { REVIEW_TEXT } from '@crew/rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { StarInput } from './StarInput';

interface ReviewFormProps {
  readonly subject: string;
  readonly initial?: { rating: number; text: string };
  readonly submitLabel: string;
  readonly pending: boolean;
  readonly onSubmit: (value: { rating: number; text: string }) => Promise<unknown>;
  readonly onCancel?: () => void;
}

/** Stars and a text of 20 to 2,000 characters, checked by the contract's review schema; the server's own message on refusal. */
export function ReviewForm({ subject, initial, submitLabel, pending, onSubmit, onCancel }: ReviewFormProps) {
  const { t } = useLingui();
  const form = useContractForm((contracts) => contracts.updateReviewRequestSchema, { defaultValues: { rating: initial?.rating, text: initial?.text ?? '' } });
  const { errors } = form.formState;
  const text = form.watch('text') ?? '';
  // The server's refusal: shown until the next submit (the field messages follow the values).
  const [formError, setFormError] = useState<string | null>(null);
  const textId = useId();
  const hintId = `${textId}-hint`;
  const textError = messageAt(errors, 'text');
  const min = REVIEW_TEXT.min;
  const typed = text.trim().length;
  const max = formatNumber(REVIEW_TEXT.max);

  const save = form.handleSubmit(async (review) => {
    try {
      await onSubmit({ rating: review.rating, text: review.text });
    } catch (caught) {
      setFormError(caught instanceof ApiError ? caught.message : t`Your review could not be saved. Please try again.`);
    }
  });
  const submit = (event: FormEvent) => {
    setFormError(null);
    void save(event);
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => <StarInput legend={t`Your rating of ${subject}`} value={field.value ?? null} onChange={field.onChange} error={messageAt(errors, 'rating')} />}
      />
      <div className="field">
        <label htmlFor={textId}>
          <Trans>Your review of {subject}</Trans>
        </label>
        <textarea
          rows={4}
          maxLength={REVIEW_TEXT.max}
          {...form.register('text')}
          id={textId}
          aria-invalid={textError ? true : undefined}
          // The hint (with its count) is read first, then what is wrong.
          aria-describedby={`${hintId}${textError ? ` ${textId}-error` : ''}`}
        />
        <p id={hintId} className="field__hint">
          <Trans>
            At least {min} characters ({typed} / {max}).
          </Trans>
        </p>
        {textError && (
          <p id={`${textId}-error`} className="field__error" role="alert">
            {textError}
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
          {pending ? t`Saving…` : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
