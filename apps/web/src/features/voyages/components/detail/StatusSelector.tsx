import type { VoyageResponse, VoyageStatusValue } from '@crew/contracts';
import { departureDayText, hasDepartureDayBegun } from '@crew/contracts/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { activeLocale } from '../../../../i18n/i18n';
import { useUpdateVoyage } from '../../../../api/voyage-changes';
import { formatDate } from '../../lib/format';
import { voyageStatusLabel } from '../../../../lib/code-labels';

export const STATUS_OPTIONS: readonly VoyageStatusValue[] = ['planning', 'active', 'full', 'in_progress', 'completed', 'cancelled'];

interface StatusSelectorProps {
  readonly voyage: VoyageResponse;
  /** Cancelling is for good and notifies crew: it goes through the confirmation dialog. */
  readonly onRequestCancel: () => void;
}

/** The owner picks any status (no ordering rule); on failure the selector goes back. */
export function StatusSelector({ voyage, onRequestCancel }: StatusSelectorProps) {
  const { t } = useLingui();
  const id = useId();
  const update = useUpdateVoyage(voyage.id);
  const [value, setValue] = useState<string>(voyage.status);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(voyage.status), [voyage.status]);
  // The server refuses completing a voyage before its departure date: the option waits, and says why.
  const notSailedYet = voyage.status !== 'completed' && !hasDepartureDayBegun(voyage.estimated_start_date, new Date());
  // English says the day as the server's refusal does ("1 June 2099"); other languages in their own long form.
  const completeFrom =
    notSailedYet && voyage.estimated_start_date ? (activeLocale() === 'en' ? departureDayText(voyage.estimated_start_date) : formatDate(voyage.estimated_start_date)) : null;

  const onChange = (next: VoyageStatusValue) => {
    setError(null);
    if (next === voyage.status) return;
    if (next === 'cancelled') {
      onRequestCancel();
      return;
    }
    setValue(next);
    update.mutate(
      { status: next },
      {
        onError: () => {
          setValue(voyage.status);
          setError(t`Failed to update voyage status. Please try again.`);
        },
      },
    );
  };

  return (
    <div className="field status-selector">
      <label htmlFor={`${id}-status`}>
        <Trans>Voyage status</Trans>
      </label>
      <select
        id={`${id}-status`}
        value={value}
        disabled={update.isPending}
        aria-describedby={[error ? `${id}-error` : null, completeFrom ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value as VoyageStatusValue)}
      >
        {voyage.status === 'draft' && (
          <option value="draft" disabled>
            {voyageStatusLabel('draft')}
          </option>
        )}
        {STATUS_OPTIONS.map((status) => {
          const label = voyageStatusLabel(status);
          return (
            <option key={status} value={status} disabled={status === 'completed' && completeFrom !== null}>
              {status === 'completed' && completeFrom ? t`${label} (from ${completeFrom})` : label}
            </option>
          );
        })}
      </select>
      {completeFrom && (
        <p id={`${id}-hint`} className="field__hint">
          <Trans>It can be marked completed once it has sailed, from its departure date, {completeFrom}.</Trans>
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
