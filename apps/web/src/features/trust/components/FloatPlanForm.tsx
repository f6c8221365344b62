import type { FloatPlanResponse } from '@crew/contracts';
import { FLOAT_PLAN_FIELD_LIMITS } from '@crew/contracts/constants';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFieldArray } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import type { Contracts } from '../../../lib/contracts-loader';
import { fieldMessage, useContractForm } from '../../../lib/forms/use-contract-form';
import { useFileFloatPlan } from '../../../api/trust';
import { isoToLocal, localToIso } from '../../../lib/trust-format';

/** A leg the plan can cover on its own, with its dates as the form's defaults. */
export interface FloatPlanLeg {
  readonly order: number;
  readonly label: string;
  readonly departure: string | null;
  readonly arrival: string | null;
}

interface FloatPlanFormProps {
  readonly voyageId: string;
  /** The voyage's legs: with more than one, the plan may cover one leg (the one about to be sailed) or the whole voyage. */
  readonly legs?: readonly FloatPlanLeg[];
  readonly current: FloatPlanResponse | null;
  readonly defaults: { departure: string | null; arrival: string | null; boat: string };
  readonly onDone: (message: string) => void;
}

const NO_CONTACT = { name: '', email: '', phone: '' };

/** A date with the time suggested for it, as a datetime-local input's value ("2099-06-05T09:00"). */
const dateAt = (date: string, hour: '09' | '18'): string => [date, `${hour}:00`].join('T');

/**
 * The contract's float plan, as the form holds it: the times are the
 * datetime-local inputs' values (local time), read as the contract's instants.
 * The form alone knows two more rules: the arrival comes after the departure
 * and is still to come (the server refuses a past one too, ARRIVAL_IN_PAST).
 */
const floatPlanFormSchema = (contracts: Contracts) => {
  const request = contracts.floatPlanRequestSchema;
  const localTime = (missing: string, instant: typeof request.shape.departure_at) =>
    contracts
      .safeText()
      .transform((value, context) => {
        const iso = localToIso(value);
        if (!iso) context.addIssue({ code: 'custom', message: missing });
        return iso ?? '';
      })
      .pipe(instant);
  const time = (value: string): number => Date.parse(value);
  return request
    .extend({
      departure_at: localTime(translate`Enter the departure date and time`, request.shape.departure_at),
      expected_arrival_at: localTime(translate`Enter the expected arrival date and time`, request.shape.expected_arrival_at),
    })
    .refine((plan) => !(time(plan.departure_at) >= time(plan.expected_arrival_at)), {
      path: ['expected_arrival_at'],
      message: translate`Expected arrival must be after departure`,
      when: () => true,
    })
    .refine((plan) => !(time(plan.expected_arrival_at) <= Date.now()) || time(plan.departure_at) >= time(plan.expected_arrival_at), {
      path: ['expected_arrival_at'],
      message: translate`Expected arrival is already past: a float plan needs an arrival still to come`,
      when: () => true,
    });
};

/** The form's fields by key (their ids end with it), and where the schema puts their messages. */
const PATHS: Readonly<Record<string, string>> = {
  departure: 'departure_at',
  arrival: 'expected_arrival_at',
  boat: 'boat_description',
  callSign: 'call_sign',
  notes: 'notes',
};
const pathOf = (key: string): string => PATHS[key] ?? key.replace(/^contact-(\d+)-(\w+)$/, 'shore_contacts.$1.$2');

/**
 * The skipper's float plan: times, the boat, the call sign and the shore contacts,
 * who are emailed the plan and a private link. The route and those aboard come from the voyage.
 */
export function FloatPlanForm({ voyageId, legs = [], current, defaults, onDone }: FloatPlanFormProps) {
  const { t } = useLingui();
  const file = useFileFloatPlan(voyageId);
  const id = useId();
  const form = useContractForm(floatPlanFormSchema, {
    defaultValues: {
      segment_order: current?.segment_order ?? null,
      departure_at: isoToLocal(current?.departure_at) || (defaults.departure ? dateAt(defaults.departure, '09') : ''),
      expected_arrival_at: isoToLocal(current?.expected_arrival_at) || (defaults.arrival ? dateAt(defaults.arrival, '18') : ''),
      boat_description: current?.boat_description ?? defaults.boat,
      call_sign: current?.call_sign ?? '',
      notes: current?.notes ?? '',
      shore_contacts: [NO_CONTACT],
    },
  });
  const contacts = useFieldArray({ control: form.control, name: 'shore_contacts' });
  const segmentOrder = form.watch('segment_order') ?? null;
  // The server's refusal: shown until the next submit (the field messages follow the values).
  const [formError, setFormError] = useState<string | null>(null);
  const message = (key: string) => fieldMessage(form.formState.errors, pathOf(key), file.error);

  const chooseCoverage = (value: string) => {
    const order = value === 'voyage' ? null : Number(value);
    const revalidate = { shouldValidate: form.formState.isSubmitted };
    form.setValue('segment_order', order);
    // The chosen leg's (or the voyage's) dates become the suggested times.
    const leg = legs.find((candidate) => candidate.order === order);
    const from = leg ? leg.departure : defaults.departure;
    const to = leg ? leg.arrival : defaults.arrival;
    if (from) form.setValue('departure_at', dateAt(from, '09'), revalidate);
    if (to) form.setValue('expected_arrival_at', dateAt(to, '18'), revalidate);
  };

  // The first field to fix gets the focus (react-hook-form's own, in the fields' order).
  const fileIt = form.handleSubmit(async (plan) => {
    try {
      await file.mutateAsync({ ...plan, call_sign: plan.call_sign.trim(), notes: plan.notes.trim() });
      onDone(t`Float plan filed. The shore contacts have been emailed the plan and a private link to it.`);
    } catch (caught) {
      setFormError(caught instanceof ApiError ? caught.message : t`The float plan could not be filed. Please try again.`);
    }
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    file.reset();
    void fileIt(event);
  };

  const field = (key: string, label: string, input: ReactElement, hint?: string) => {
    const fieldId = `${id}-${key}`;
    return (
      <div className="field" key={key}>
        <label htmlFor={fieldId}>{label}</label>
        {input}
        {hint && (
          <p id={`${fieldId}-hint`} className="field__hint">
            {hint}
          </p>
        )}
        {message(key) && (
          <p id={`${fieldId}-error`} className="field__error" role="alert">
            {message(key)}
          </p>
        )}
      </div>
    );
  };
  const a11y = (key: string, hint = false) => ({
    id: `${id}-${key}`,
    'aria-invalid': message(key) ? true : undefined,
    'aria-describedby': [hint ? `${id}-${key}-hint` : null, message(key) ? `${id}-${key}-error` : null].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form className="trust-form" onSubmit={submit} noValidate aria-label={t`Float plan`}>
      {legs.length > 1 &&
        field(
          'coverage',
          t`The plan covers`,
          <select value={segmentOrder === null ? 'voyage' : String(segmentOrder)} onChange={(event) => chooseCoverage(event.target.value)} {...a11y('coverage', true)}>
            <option value="voyage">{t`The whole voyage`}</option>
            {legs.map((leg) => (
              <option key={leg.order} value={String(leg.order)}>
                {leg.label}
              </option>
            ))}
          </select>,
          t`File a plan for the leg about to be sailed; filing the next one replaces it.`,
        )}
      <div className="trust-form__row">
        {field(
          'departure',
          t`Departure (local time)`,
          <input type="datetime-local" {...form.register('departure_at', { deps: ['expected_arrival_at'] })} {...a11y('departure')} />,
        )}
        {field('arrival', t`Expected arrival (local time)`, <input type="datetime-local" {...form.register('expected_arrival_at')} {...a11y('arrival')} />)}
      </div>
      {field(
        'boat',
        t`Boat description`,
        <textarea rows={2} maxLength={FLOAT_PLAN_FIELD_LIMITS.boatDescription} {...form.register('boat_description')} {...a11y('boat', true)} />,
        t`Make, length, hull and sail colours, so the boat can be recognised`,
      )}
      {field('callSign', t`Radio call sign (optional)`, <input maxLength={FLOAT_PLAN_FIELD_LIMITS.callSign} {...form.register('call_sign')} {...a11y('callSign')} />)}
      {field('notes', t`Notes for the shore (optional)`, <textarea rows={2} maxLength={FLOAT_PLAN_FIELD_LIMITS.notes} {...form.register('notes')} {...a11y('notes')} />)}
      <fieldset className="trust-form__contacts">
        <legend>
          <Trans>Shore contacts</Trans>
        </legend>
        <p className="field__hint">
          <Trans>They get the plan by email, a private link to follow the voyage and the overdue alert if you are late.</Trans>
        </p>
        {contacts.fields.map((contact, index) => {
          const number = index + 1;
          return (
            <fieldset key={contact.id} className="trust-form__contact">
              <legend>
                <Trans>Shore contact {number}</Trans>
              </legend>
              {field(
                `contact-${index}-name`,
                t`Name`,
                <input autoComplete="off" maxLength={FLOAT_PLAN_FIELD_LIMITS.contactName} {...form.register(`shore_contacts.${index}.name`)} {...a11y(`contact-${index}-name`)} />,
              )}
              {field(
                `contact-${index}-email`,
                t`Email`,
                <input type="email" autoComplete="off" {...form.register(`shore_contacts.${index}.email`)} {...a11y(`contact-${index}-email`)} />,
              )}
              {field(
                `contact-${index}-phone`,
                t`Phone (optional)`,
                <input
                  type="tel"
                  autoComplete="off"
                  maxLength={FLOAT_PLAN_FIELD_LIMITS.contactPhone}
                  {...form.register(`shore_contacts.${index}.phone`)}
                  {...a11y(`contact-${index}-phone`)}
                />,
              )}
              {contacts.fields.length > 1 && (
                <button type="button" className="button button--secondary button--small" onClick={() => contacts.remove(index)}>
                  <Trans>Remove shore contact {number}</Trans>
                </button>
              )}
            </fieldset>
          );
        })}
        {contacts.fields.length < FLOAT_PLAN_FIELD_LIMITS.maxContacts && (
          <button type="button" className="button button--secondary button--small" onClick={() => contacts.append(NO_CONTACT)}>
            <Trans>Add a shore contact</Trans>
          </button>
        )}
      </fieldset>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={file.isPending}>
          {file.isPending ? t`Filing…` : current ? t`File a new version` : t`File float plan`}
        </button>
      </div>
    </form>
  );
}
