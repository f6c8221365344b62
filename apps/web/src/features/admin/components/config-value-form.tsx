import { CONFIG_LIMITS } from '@crew/contracts/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { z } from 'zod';
import { useSetConfigValue, type ConfigValueKey } from '../../../api/admin-config';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, fieldMessage, useContractForm } from '../../../lib/forms/use-contract-form';
import { formatMoney } from './admin-format';
import { reasonOf } from './config-format';
import { ImpactConfirmDialog } from './config-impact-confirm';

const { min: TRIAL_MIN, max: TRIAL_MAX } = CONFIG_LIMITS.freeTrialDays;
/** Read when a value is refused, in the screen's language then. */
const trialMessage = (): string => t`Enter a whole number of days from ${TRIAL_MIN} to ${TRIAL_MAX}`;
const priceMessage = (): string => {
  const least = formatMoney(CONFIG_LIMITS.priceGbp.min, 'GBP', Number.isInteger(CONFIG_LIMITS.priceGbp.min) ? 0 : 2);
  const step = formatMoney(CONFIG_LIMITS.priceGbp.step, 'GBP', 2);
  return t`Enter at least ${least}, in steps of ${step}`;
};

/**
 * The value each key takes, as the form states it (the API's schema takes any
 * number and the domain refuses one out of its limits): from the shared limits.
 */
const VALUE_RULES = {
  free_trial_period_days: z
    .number({ error: trialMessage })
    .int({ error: trialMessage })
    .min(CONFIG_LIMITS.freeTrialDays.min, { error: trialMessage })
    .max(CONFIG_LIMITS.freeTrialDays.max, { error: trialMessage }),
  subscription_price_gbp: z
    .number({ error: priceMessage })
    .min(CONFIG_LIMITS.priceGbp.min, { error: priceMessage })
    .refine((value) => Number.isInteger(value / CONFIG_LIMITS.priceGbp.step), { error: priceMessage }),
} satisfies Record<ConfigValueKey, z.ZodType<number>>;

const FIELDS: Record<ConfigValueKey, { label: MessageDescriptor; unit: MessageDescriptor; min: number; max?: number; step: number }> = {
  free_trial_period_days: {
    label: msg`Free trial days`,
    unit: msg`${TRIAL_MIN} to ${TRIAL_MAX}`,
    min: CONFIG_LIMITS.freeTrialDays.min,
    max: CONFIG_LIMITS.freeTrialDays.max,
    step: CONFIG_LIMITS.freeTrialDays.step,
  },
  subscription_price_gbp: { label: msg`Subscription price`, unit: msg`£ per year`, min: CONFIG_LIMITS.priceGbp.min, step: CONFIG_LIMITS.priceGbp.step },
};

/**
 * Free trial days or the subscription price, with an optional note that the
 * history keeps, checked on the contract's request schema. The trial decides
 * who may apply, so saving it first shows how many crew members would need a
 * subscription and asks for confirmation.
 */
export function ConfigValueForm({ configKey, current }: { configKey: ConfigValueKey; current: number }) {
  const { t: tr, i18n } = useLingui();
  const field = FIELDS[configKey];
  const label = i18n._(field.label);
  const unit = i18n._(field.unit);
  const id = useId();
  const change = useSetConfigValue(configKey);
  const form = useContractForm((contracts) => contracts.configValueRequestSchema.extend({ value: VALUE_RULES[configKey] }), {
    defaultValues: { value: current, description: '' },
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState<{ value: number; description: string } | null>(null);
  const reason = change.isError ? reasonOf(change.error) : '';
  const trialDays = confirming?.value ?? current;
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
      <h3 id={`${id}-title`}>{label}</h3>
      <div className="field">
        <label htmlFor={`${id}-value`}>
          <Trans>
            {label} ({unit})
          </Trans>
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
        <label htmlFor={`${id}-description`}>
          <Trans>Description (optional)</Trans>
        </label>
        <input type="text" maxLength={CONFIG_LIMITS.descriptionMaxLength} {...form.register('description')} {...describedBy(`${id}-description`, descriptionMessage)} />
        <FieldMessage id={`${id}-description`} message={descriptionMessage} />
      </div>
      <button type="submit" className="button button--primary button--small" disabled={change.isPending}>
        {change.isPending ? tr`Saving…` : tr`Save`}
      </button>
      <p className="config-value__status" role="status">
        {saved && !change.isPending ? tr`Saved` : ''}
      </p>
      {change.isError && (
        <p className="form__error" role="alert">
          {tr`Could not save: ${reason}`}
        </p>
      )}
      {configKey === 'free_trial_period_days' && (
        <ImpactConfirmDialog
          change={confirming === null ? null : { trialDays: confirming.value }}
          title={tr`${plural(trialDays, { one: 'Set the free trial to # day?', other: 'Set the free trial to # days?' })}`}
          confirmLabel={tr`Save free trial`}
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
