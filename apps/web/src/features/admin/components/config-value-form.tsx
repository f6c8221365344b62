import { CONFIG_LIMITS } from '@crew/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useSetConfigValue } from '../../../api/admin-config';
import { reasonOf } from './config-format';
import { ImpactConfirmDialog } from './config-impact-confirm';

type Key = 'free_trial_period_days' | 'subscription_price_gbp';

const FIELDS: Record<Key, { label: string; unit: string; min: number; max?: number; step: number; check: (value: number) => string | null }> = {
  free_trial_period_days: {
    label: 'Free trial days',
    unit: '0 to 90',
    min: CONFIG_LIMITS.freeTrialDays.min,
    max: CONFIG_LIMITS.freeTrialDays.max,
    step: CONFIG_LIMITS.freeTrialDays.step,
    check: (v) => (Number.isInteger(v) && v >= CONFIG_LIMITS.freeTrialDays.min && v <= CONFIG_LIMITS.freeTrialDays.max ? null : 'Enter a whole number of days from 0 to 90'),
  },
  subscription_price_gbp: {
    label: 'Subscription price',
    unit: '£ per year',
    min: CONFIG_LIMITS.priceGbp.min,
    step: CONFIG_LIMITS.priceGbp.step,
    check: (v) => (v >= CONFIG_LIMITS.priceGbp.min && Number.isInteger(v / CONFIG_LIMITS.priceGbp.step) ? null : 'Enter at least £1, in steps of £0.50'),
  },
};

/**
 * Free trial days or the subscription price, with an optional note that the
 * history keeps. The trial decides who may apply, so saving it first shows
 * how many crew members would need a subscription and asks for confirmation.
 */
export function ConfigValueForm({ configKey, current }: { configKey: Key; current: number }) {
  const field = FIELDS[configKey];
  const id = useId();
  const change = useSetConfigValue(configKey);
  const [value, setValue] = useState(String(current));
  const [description, setDescription] = useState('');
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const number = value.trim() === '' ? Number.NaN : Number(value);
  // Derived from the value as it is now, so the message goes as soon as the value is right.
  const { errors, submitted, reset } = useLiveErrors(() => ({ value: field.check(Number.isFinite(number) ? number : Number.NaN) ?? undefined }));
  const error = errors.value;
  const save = (value: number) => {
    change.mutate(
      { value, ...(description.trim() ? { description: description.trim() } : {}) },
      {
        onSuccess: () => {
          setDescription('');
          setSaved(true);
          reset();
        },
        onError: () => setValue(String(current)),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    // The last save's failure is about that attempt; a new attempt starts without it.
    if (change.isError) change.reset();
    if (!submitted()) return;
    if (configKey === 'free_trial_period_days' && number !== current) setConfirming(number);
    else save(number);
  };
  return (
    <form className="config-value card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{field.label}</h3>
      <div className="field">
        <label htmlFor={`${id}-value`}>
          {field.label} ({field.unit})
        </label>
        <input
          id={`${id}-value`}
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={field.step}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <input
          id={`${id}-description`}
          type="text"
          maxLength={CONFIG_LIMITS.descriptionMaxLength}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary button--small" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Save'}
      </button>
      <p className="config-value__status" role="status">
        {saved && !change.isPending ? 'Saved' : ''}
      </p>
      {change.isError && (
        <p className="form__error" role="alert">
          Could not save: {reasonOf(change.error)}
        </p>
      )}
      {configKey === 'free_trial_period_days' && (
        <ImpactConfirmDialog
          change={confirming === null ? null : { trialDays: confirming }}
          title={`Set the free trial to ${confirming ?? current} ${confirming === 1 ? 'day' : 'days'}?`}
          confirmLabel="Save free trial"
          pending={change.isPending}
          error={null}
          onConfirm={() => {
            if (confirming !== null) save(confirming);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}
