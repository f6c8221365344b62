import { CONFIG_LIMITS } from '@crew/contracts/constants';
import { useId, useState } from 'react';
import { z } from 'zod';
import { useSetConfigValue, type ConfigValueKey } from '../../../api/admin-config';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, fieldMessage, useContractForm } from '../../../lib/forms/use-contract-form';
import { reasonOf } from './config-format';
import { ImpactConfirmDialog } from './config-impact-confirm';

const TRIAL_MESSAGE = `Enter a whole number of days from ${CONFIG_LIMITS.freeTrialDays.min} to ${CONFIG_LIMITS.freeTrialDays.max}`;
const PRICE_MESSAGE = `Enter at least £${CONFIG_LIMITS.priceGbp.min}, in steps of £${CONFIG_LIMITS.priceGbp.step.toFixed(2)}`;

/**
 * The value each key takes, as the form states it (the API's schema takes any
 * number and the domain refuses one out of its limits): from the shared limits.
 */
const VALUE_RULES = {
  free_trial_period_days: z
    .number({ error: TRIAL_MESSAGE })
    .int(TRIAL_MESSAGE)
    .min(CONFIG_LIMITS.freeTrialDays.min, TRIAL_MESSAGE)
    .max(CONFIG_LIMITS.freeTrialDays.max, TRIAL_MESSAGE),
  subscription_price_gbp: z
    .number({ error: PRICE_MESSAGE })
    .min(CONFIG_LIMITS.priceGbp.min, PRICE_MESSAGE)
    .refine((value) => Number.isInteger(value / CONFIG_LIMITS.priceGbp.step), PRICE_MESSAGE),
} satisfies Record<ConfigValueKey, z.ZodType<number>>;

const FIELDS: Record<ConfigValueKey, { label: string; unit: string; min: number; max?: number; step: number }> = {
  free_trial_period_days: {
    label: 'Free trial days',
    unit: `${CONFIG_LIMITS.freeTrialDays.min} to ${CONFIG_LIMITS.freeTrialDays.max}`,
    min: CONFIG_LIMITS.freeTrialDays.min,
    max: CONFIG_LIMITS.freeTrialDays.max,
    step: CONFIG_LIMITS.freeTrialDays.step,
  },
  subscription_price_gbp: { label: 'Subscription price', unit: '£ per year', min: CONFIG_LIMITS.priceGbp.min, step: CONFIG_LIMITS.priceGbp.step },
};

/**
 * Free trial days or the subscription price, with an optional note that the
 * history keeps, checked on the contract's request schema. The trial decides
 * who may apply, so saving it first shows how many crew members would need a
 * subscription and asks for confirmation.
 */
export function ConfigValueForm({ configKey, current }: { configKey: ConfigValueKey; current: number }) {
  const field = FIELDS[configKey];
  const id = useId();
  const change = useSetConfigValue(configKey);
  const form = useContractForm((contracts) => contracts.configValueRequestSchema.extend({ value: VALUE_RULES[configKey] }), {
    defaultValues: { value: current, description: '' },
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState<{ value: number; description: string } | null>(null);
  const valueMessage = fieldMessage(errors, 'value', change.error);
  const descriptionMessage = fieldMessage(errors, 'description', change.error);
  const save = ({ value, description }: { value: number; description: string }) => {
    change.mutate(
      { value, ...(description ? { description } : {}) },
      {
        onSuccess: () => {
          setSaved(true);
          // Back to untouched: the note is cleared, no message until the next submit.
          form.reset({ value, description: '' });
        },
        onError: () => form.setValue('value', current),
      },
    );
  };
  const submit = form.handleSubmit(({ value, description }) => {
    const next = { value, description: description ?? '' };
    if (configKey === 'free_trial_period_days' && value !== current) setConfirming(next);
    else save(next);
  });
  return (
    <form
      className="config-value card"
      onSubmit={(event) => {
        setSaved(false);
        // The last save's failure is about that attempt; a new attempt starts without it.
        change.reset();
        void submit(event);
      }}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`}>{field.label}</h3>
      <div className="field">
        <label htmlFor={`${id}-value`}>
          {field.label} ({field.unit})
        </label>
        <input
          type="number"
          inputMode="decimal"
          min={field.min}
          max={field.max}
          step={field.step}
          {...form.register('value', { valueAsNumber: true })}
          {...describedBy(`${id}-value`, valueMessage)}
        />
        <FieldMessage id={`${id}-value`} message={valueMessage} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <input type="text" maxLength={CONFIG_LIMITS.descriptionMaxLength} {...form.register('description')} {...describedBy(`${id}-description`, descriptionMessage)} />
        <FieldMessage id={`${id}-description`} message={descriptionMessage} />
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
          change={confirming === null ? null : { trialDays: confirming.value }}
          title={`Set the free trial to ${confirming?.value ?? current} ${confirming?.value === 1 ? 'day' : 'days'}?`}
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
