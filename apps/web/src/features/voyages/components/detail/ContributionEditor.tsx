import type { VoyageResponse, VoyageUpdate } from '@crew/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useLiveErrors } from '../../../../lib/use-live-errors';
import { useUpdateVoyage } from '../../../../api/voyage-changes';
import { CONTRIBUTION_TYPE_LABEL, CURRENCY_SYMBOL, type ContributionType, type Currency } from '../../lib/format';

export const CONTRIBUTION_UPDATE_FAILED = 'Failed to update contribution. Please try again.';

interface Draft {
  type: ContributionType;
  amount: string;
  currency: Currency;
  details: string;
}

const fromVoyage = (voyage: VoyageResponse): Draft => ({
  type: voyage.contribution_type,
  amount: voyage.contribution_amount === null ? '' : String(voyage.contribution_amount),
  // Spec: the editor defaults to GBP; a voyage that already charges keeps its currency.
  currency: voyage.contribution_type === 'free' ? 'GBP' : voyage.contribution_currency,
  details: voyage.contribution_details,
});

/** The owner's contribution editor, opened from a button; Cancel throws the changes away. */
export function ContributionEditor({ voyage, onSaved }: { voyage: VoyageResponse; onSaved: (message: string) => void }) {
  const id = useId();
  const update = useUpdateVoyage(voyage.id);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => fromVoyage(voyage));
  const [error, setError] = useState<string | null>(null);
  const amountOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));
  const { errors, submitted, reset: resetErrors } = useLiveErrors((): { amount?: string } => {
    const amount = amountOf(draft.amount);
    return draft.type !== 'free' && amount !== null && (!Number.isFinite(amount) || amount < 0) ? { amount: 'Contribution amount cannot be negative' } : {};
  });

  const reset = () => {
    setDraft(fromVoyage(voyage));
    setError(null);
    resetErrors();
    setOpen(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const amount = amountOf(draft.amount);
    if (!submitted()) return;
    const body: VoyageUpdate = {
      contribution_type: draft.type,
      contribution_currency: draft.currency,
      contribution_details: draft.details.trim(),
      // No amount at all for a free voyage (spec section 7).
      ...(draft.type !== 'free' && amount !== null ? { contribution_amount: amount } : {}),
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        setDraft(fromVoyage(saved));
        resetErrors();
        setOpen(false);
        onSaved('Contribution updated.');
      },
      onError: () => setError(CONTRIBUTION_UPDATE_FAILED),
    });
  };

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setDraft(fromVoyage(voyage));
          setOpen(true);
        }}
      >
        Edit contribution
      </button>
    );
  }

  return (
    <form className="form contribution-editor" onSubmit={onSubmit} aria-label="Edit contribution" noValidate>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-type`}>Contribution type</label>
          <select id={`${id}-type`} value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as ContributionType })}>
            {(Object.keys(CONTRIBUTION_TYPE_LABEL) as ContributionType[]).map((type) => (
              <option key={type} value={type}>
                {CONTRIBUTION_TYPE_LABEL[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-currency`}>Currency</label>
          <select id={`${id}-currency`} value={draft.currency} onChange={(event) => setDraft({ ...draft, currency: event.target.value as Currency })}>
            {(Object.keys(CURRENCY_SYMBOL) as Currency[]).map((currency) => (
              <option key={currency} value={currency}>
                {currency} ({CURRENCY_SYMBOL[currency]})
              </option>
            ))}
          </select>
        </div>
      </div>
      {draft.type !== 'free' && (
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount</label>
          <input
            id={`${id}-amount`}
            type="number"
            min={0}
            step={10}
            inputMode="decimal"
            value={draft.amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
            onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
          />
          {errors.amount && (
            <p id={`${id}-amount-error`} className="field__error">
              {errors.amount}
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-details`}>Details</label>
        <textarea
          id={`${id}-details`}
          rows={3}
          maxLength={2000}
          value={draft.details}
          placeholder="What the contribution covers: food, fuel, marina fees…"
          onChange={(event) => setDraft({ ...draft, details: event.target.value })}
        />
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save contribution'}
        </button>
        <button type="button" className="button button--secondary" onClick={reset}>
          Cancel
        </button>
      </div>
    </form>
  );
}
