import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { messageAt, useContractForm } from '../../lib/forms/use-contract-form';

export interface ReasonFormProps {
  /** Which contract the reason answers: a member's report, or an administrator hiding the review. */
  readonly kind: 'report' | 'hide';
  readonly label: string;
  readonly submitLabel: string;
  /** The contract's limit for this reason (the box takes no more). */
  readonly max: number;
  readonly onSubmit: (reason: string) => Promise<unknown>;
  readonly onDone: () => void;
}

/**
 * A reason box for reporting or hiding a review, checked by the contract's
 * schema with its messages; the server's refusal until the next submit. A
 * module of its own, loaded when a reader opens it: a member's public profile
 * lists reviews without the form library.
 */
export function ReasonForm({ kind, label, submitLabel, max, onSubmit, onDone }: ReasonFormProps) {
  const { t } = useLingui();
  const id = useId();
  const form = useContractForm((contracts) => (kind === 'report' ? contracts.reportReviewRequestSchema : contracts.hideReviewRequestSchema), { defaultValues: { reason: '' } });
  const [refusal, setRefusal] = useState<string | null>(null);
  const error = messageAt(form.formState.errors, 'reason') ?? refusal;
  const send = form.handleSubmit(async ({ reason }) => {
    try {
      await onSubmit(reason);
      onDone();
    } catch (caught) {
      setRefusal(caught instanceof ApiError ? caught.message : t`That did not work. Please try again.`);
    }
  });
  const submit = (event: FormEvent) => {
    setRefusal(null);
    void send(event);
  };
  return (
    <form className="review-reason" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} rows={2} maxLength={max} {...form.register('reason')} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--secondary button--small" disabled={form.formState.isSubmitting}>
          {submitLabel}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
