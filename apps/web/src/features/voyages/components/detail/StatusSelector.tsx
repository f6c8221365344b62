import type { VoyageResponse, VoyageStatusValue } from '@crew/contracts';
import { departureDayText, hasDepartureDayBegun } from '@crew/contracts/constants';
import { useEffect, useId, useState } from 'react';
import { useUpdateVoyage } from '../../../../api/voyage-changes';
import { STATUS_LABEL } from '../../lib/format';

export const STATUS_OPTIONS: readonly VoyageStatusValue[] = ['planning', 'active', 'full', 'in_progress', 'completed', 'cancelled'];
export const STATUS_UPDATE_FAILED = 'Failed to update voyage status. Please try again.';

interface StatusSelectorProps {
  readonly voyage: VoyageResponse;
  /** Cancelling is for good and notifies crew: it goes through the confirmation dialog. */
  readonly onRequestCancel: () => void;
}

/** The owner picks any status (no ordering rule); on failure the selector goes back. */
export function StatusSelector({ voyage, onRequestCancel }: StatusSelectorProps) {
  const id = useId();
  const update = useUpdateVoyage(voyage.id);
  const [value, setValue] = useState<string>(voyage.status);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(voyage.status), [voyage.status]);
  // The server refuses completing a voyage before its departure date: the option waits, and says why.
  const notSailedYet = voyage.status !== 'completed' && !hasDepartureDayBegun(voyage.estimated_start_date, new Date());
  const completeFrom = notSailedYet && voyage.estimated_start_date ? departureDayText(voyage.estimated_start_date) : null;

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
          setError(STATUS_UPDATE_FAILED);
        },
      },
    );
  };

  return (
    <div className="field status-selector">
      <label htmlFor={`${id}-status`}>Voyage status</label>
      <select
        id={`${id}-status`}
        value={value}
        disabled={update.isPending}
        aria-describedby={[error ? `${id}-error` : null, completeFrom ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value as VoyageStatusValue)}
      >
        {voyage.status === 'draft' && (
          <option value="draft" disabled>
            {STATUS_LABEL.draft}
          </option>
        )}
        {STATUS_OPTIONS.map((status) => (
          <option key={status} value={status} disabled={status === 'completed' && completeFrom !== null}>
            {STATUS_LABEL[status]}
            {status === 'completed' && completeFrom ? ` (from ${completeFrom})` : ''}
          </option>
        ))}
      </select>
      {completeFrom && (
        <p id={`${id}-hint`} className="field__hint">
          It can be marked completed once it has sailed, from its departure date, {completeFrom}.
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
