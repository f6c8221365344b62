import type { VoyageResponse, VoyageUpdate } from '@crew/contracts';
import { VOYAGE_TEXT_MAX } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { FieldMessage } from '../../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../../lib/forms/use-contract-form';
import { useUpdateVoyage } from '../../../../api/voyage-changes';
import { CURRENCY_SYMBOL, type ContributionType, type Currency } from '../../lib/format';
import { contributionTypeLabel } from '../../../../lib/code-labels';

const CONTRIBUTION_TYPES: readonly ContributionType[] = ['free', 'shared_costs', 'paid'];

interface Draft {
  contribution_type: ContributionType;
  contribution_amount: number | null;
  contribution_currency: Currency;
  contribution_details: string;
}

const fromVoyage = (voyage: VoyageResponse): Draft => ({
  contribution_type: voyage.contribution_type,
  contribution_amount: voyage.contribution_amount,
  // The editor defaults to GBP; a voyage that already charges keeps its currency.
  contribution_currency: voyage.contribution_type === 'free' ? 'GBP' : voyage.contribution_currency,
  contribution_details: voyage.contribution_details,
});

/** The amount field as typed: empty is no amount, anything else a number (the contract says when it is not one). */
const amountOf = (text: unknown): number | null => (text === '' || text === null || text === undefined ? null : Number(text));

/** The owner's contribution editor, opened from a button; Cancel throws the changes away. */
export function ContributionEditor({ voyage, onSaved }: { voyage: VoyageResponse; onSaved: (message: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  const update = useUpdateVoyage(voyage.id);
  const [open, setOpen] = useState(false);
  const form = useContractForm((contracts) => contracts.voyageContributionChangeSchema, { defaultValues: fromVoyage(voyage) });
  const { errors } = form.formState;
  const type = form.watch('contribution_type');
  const amountError = messageAt(errors, 'contribution_amount');

  const reset = () => {
    form.reset(fromVoyage(voyage));
    update.reset();
    setOpen(false);
  };

  const onSubmit = form.handleSubmit((change) => {
    const body: VoyageUpdate = {
      contribution_type: change.contribution_type,
      contribution_currency: change.contribution_currency,
      contribution_details: change.contribution_details,
      // No amount at all for a free voyage.
      ...(change.contribution_type !== 'free' && typeof change.contribution_amount === 'number' ? { contribution_amount: change.contribution_amount } : {}),
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(fromVoyage(saved));
        setOpen(false);
        onSaved(t`Contribution updated.`);
      },
    });
  });

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          form.reset(fromVoyage(voyage));
          update.reset();
          setOpen(true);
        }}
      >
        <Trans>Edit contribution</Trans>
      </button>
    );
  }

  return (
    <form className="form contribution-editor" onSubmit={(event) => void onSubmit(event)} aria-label={t`Edit contribution`} noValidate>
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-type`}>
            <Trans>Contribution type</Trans>
          </label>
          <select id={`${id}-type`} {...form.register('contribution_type')}>
            {CONTRIBUTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {contributionTypeLabel(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-currency`}>
            <Trans>Currency</Trans>
          </label>
          <select id={`${id}-currency`} {...form.register('contribution_currency')}>
            {(Object.keys(CURRENCY_SYMBOL) as Currency[]).map((currency) => (
              <option key={currency} value={currency}>
                {currency} ({CURRENCY_SYMBOL[currency]})
              </option>
            ))}
          </select>
        </div>
      </div>
      {type !== 'free' && (
        <div className="field">
          <label htmlFor={`${id}-amount`}>
            <Trans>Amount</Trans>
          </label>
          <input
            type="number"
            min={0}
            step={10}
            inputMode="decimal"
            // Hidden for a free voyage: then there is no amount to check or send.
            {...form.register('contribution_amount', { setValueAs: amountOf, shouldUnregister: true })}
            {...describedBy(`${id}-amount`, amountError)}
          />
          <FieldMessage id={`${id}-amount`} message={amountError} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-details`}>
          <Trans>Details</Trans>
        </label>
        <textarea
          id={`${id}-details`}
          rows={3}
          maxLength={VOYAGE_TEXT_MAX.contributionDetails}
          placeholder={t`What the contribution covers: food, fuel, marina fees…`}
          {...form.register('contribution_details')}
        />
      </div>
      {update.isError && (
        <p className="form__error" role="alert">
          <Trans>Failed to update contribution. Please try again.</Trans>
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? t`Saving…` : t`Save contribution`}
        </button>
        <button type="button" className="button button--secondary" onClick={reset}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
