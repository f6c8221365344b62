import type { FloatPlanResponse } from '@crew/contracts';
import { FLOAT_PLAN_FIELD_LIMITS } from '@crew/contracts/constants';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLiveErrors } from '../../../lib/use-live-errors';
import { useFileFloatPlan } from '../../../api/trust';
import { isoToLocal, localToIso } from '../../../lib/trust-format';

interface Contact {
  name: string;
  email: string;
  phone: string;
}

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The skipper's float plan: times, the boat, the call sign and the shore contacts,
 * who are emailed the plan and a private link. The route and those aboard come from the voyage.
 */
export function FloatPlanForm({ voyageId, legs = [], current, defaults, onDone }: FloatPlanFormProps) {
  const file = useFileFloatPlan(voyageId);
  const id = useId();
  const [departure, setDeparture] = useState(isoToLocal(current?.departure_at) || (defaults.departure ? `${defaults.departure}T09:00` : ''));
  const [arrival, setArrival] = useState(isoToLocal(current?.expected_arrival_at) || (defaults.arrival ? `${defaults.arrival}T18:00` : ''));
  const [boat, setBoat] = useState(current?.boat_description ?? defaults.boat);
  const [callSign, setCallSign] = useState(current?.call_sign ?? '');
  const [notes, setNotes] = useState(current?.notes ?? '');
  const [segmentOrder, setSegmentOrder] = useState<number | null>(current?.segment_order ?? null);
  const [contacts, setContacts] = useState<Contact[]>([{ name: '', email: '', phone: '' }]);
  // The server's refusal: shown until the next submit (the field errors follow the values).
  const [formError, setFormError] = useState<string | null>(null);

  const chooseCoverage = (value: string) => {
    const order = value === 'voyage' ? null : Number(value);
    setSegmentOrder(order);
    // The chosen leg's (or the voyage's) dates become the suggested times.
    const leg = legs.find((candidate) => candidate.order === order);
    const from = leg ? leg.departure : defaults.departure;
    const to = leg ? leg.arrival : defaults.arrival;
    if (from) setDeparture(`${from}T09:00`);
    if (to) setArrival(`${to}T18:00`);
  };

  const setContact = (index: number, patch: Partial<Contact>) => setContacts((list) => list.map((contact, i) => (i === index ? { ...contact, ...patch } : contact)));

  /** The field errors of the values as they are now, keyed like the fields' ids, in the form's order. */
  const validate = (): Record<string, string> => {
    const problems: Record<string, string> = {};
    const departureAt = localToIso(departure);
    const arrivalAt = localToIso(arrival);
    if (!departureAt) problems['departure'] = 'Enter the departure date and time';
    if (!arrivalAt) problems['arrival'] = 'Enter the expected arrival date and time';
    if (departureAt && arrivalAt && arrivalAt <= departureAt) problems['arrival'] = 'Expected arrival must be after departure';
    // A plan whose arrival is past would be overdue at once: the server refuses it too (ARRIVAL_IN_PAST).
    else if (arrivalAt && Date.parse(arrivalAt) <= Date.now()) problems['arrival'] = 'Expected arrival is already past: a float plan needs an arrival still to come';
    if (!boat.trim()) problems['boat'] = 'Describe the boat so it can be recognised';
    if (!/^[A-Za-z0-9 -]*$/.test(callSign)) problems['callSign'] = 'Letters, digits, spaces and dashes only';
    contacts.forEach((contact, index) => {
      if (!contact.name.trim()) problems[`contact-${index}-name`] = 'Name is required';
      if (!EMAIL.test(contact.email.trim())) problems[`contact-${index}-email`] = 'Please enter a valid email address';
      if (!/^[+0-9 ()-]*$/.test(contact.phone)) problems[`contact-${index}-phone`] = 'Please enter a valid phone number';
    });
    return problems;
  };
  const { errors, submitted } = useLiveErrors(validate);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const departureAt = localToIso(departure);
    const arrivalAt = localToIso(arrival);
    if (!submitted() || !departureAt || !arrivalAt) {
      const first = Object.keys(validate())[0];
      if (first) event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
      return;
    }
    try {
      await file.mutateAsync({
        segment_order: segmentOrder,
        departure_at: departureAt,
        expected_arrival_at: arrivalAt,
        boat_description: boat.trim(),
        call_sign: callSign.trim(),
        notes: notes.trim(),
        shore_contacts: contacts.map((contact) => ({ name: contact.name.trim(), email: contact.email.trim(), phone: contact.phone.trim() })),
      });
      onDone('Float plan filed. The shore contacts have been emailed the plan and a private link to it.');
    } catch (caught) {
      setFormError(caught instanceof ApiError ? caught.message : 'The float plan could not be filed. Please try again.');
    }
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
        {errors[key] && (
          <p id={`${fieldId}-error`} className="field__error" role="alert">
            {errors[key]}
          </p>
        )}
      </div>
    );
  };
  const a11y = (key: string, hint = false) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': [hint ? `${id}-${key}-hint` : null, errors[key] ? `${id}-${key}-error` : null].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form className="trust-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Float plan">
      {legs.length > 1 &&
        field(
          'coverage',
          'The plan covers',
          <select value={segmentOrder === null ? 'voyage' : String(segmentOrder)} onChange={(event) => chooseCoverage(event.target.value)} {...a11y('coverage', true)}>
            <option value="voyage">The whole voyage</option>
            {legs.map((leg) => (
              <option key={leg.order} value={String(leg.order)}>
                {leg.label}
              </option>
            ))}
          </select>,
          'File a plan for the leg about to be sailed; filing the next one replaces it.',
        )}
      <div className="trust-form__row">
        {field('departure', 'Departure (local time)', <input type="datetime-local" value={departure} onChange={(event) => setDeparture(event.target.value)} {...a11y('departure')} />)}
        {field('arrival', 'Expected arrival (local time)', <input type="datetime-local" value={arrival} onChange={(event) => setArrival(event.target.value)} {...a11y('arrival')} />)}
      </div>
      {field(
        'boat',
        'Boat description',
        <textarea rows={2} value={boat} maxLength={FLOAT_PLAN_FIELD_LIMITS.boatDescription} onChange={(event) => setBoat(event.target.value)} {...a11y('boat', true)} />,
        'Make, length, hull and sail colours, so the boat can be recognised',
      )}
      {field('callSign', 'Radio call sign (optional)', <input value={callSign} maxLength={FLOAT_PLAN_FIELD_LIMITS.callSign} onChange={(event) => setCallSign(event.target.value)} {...a11y('callSign')} />)}
      {field('notes', 'Notes for the shore (optional)', <textarea rows={2} value={notes} maxLength={FLOAT_PLAN_FIELD_LIMITS.notes} onChange={(event) => setNotes(event.target.value)} {...a11y('notes')} />)}
      <fieldset className="trust-form__contacts">
        <legend>Shore contacts</legend>
        <p className="field__hint">They get the plan by email, a private link to follow the voyage and the overdue alert if you are late.</p>
        {contacts.map((contact, index) => (
          <fieldset key={index} className="trust-form__contact">
            <legend>Shore contact {index + 1}</legend>
            {field(`contact-${index}-name`, 'Name', <input value={contact.name} autoComplete="off" onChange={(event) => setContact(index, { name: event.target.value })} {...a11y(`contact-${index}-name`)} />)}
            {field(`contact-${index}-email`, 'Email', <input type="email" value={contact.email} autoComplete="off" onChange={(event) => setContact(index, { email: event.target.value })} {...a11y(`contact-${index}-email`)} />)}
            {field(`contact-${index}-phone`, 'Phone (optional)', <input type="tel" value={contact.phone} autoComplete="off" onChange={(event) => setContact(index, { phone: event.target.value })} {...a11y(`contact-${index}-phone`)} />)}
            {contacts.length > 1 && (
              <button type="button" className="button button--secondary button--small" onClick={() => setContacts((list) => list.filter((_, i) => i !== index))}>
                Remove shore contact {index + 1}
              </button>
            )}
          </fieldset>
        ))}
        {contacts.length < FLOAT_PLAN_FIELD_LIMITS.maxContacts && (
          <button type="button" className="button button--secondary button--small" onClick={() => setContacts((list) => [...list, { name: '', email: '', phone: '' }])}>
            Add a shore contact
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
          {file.isPending ? 'Filing…' : current ? 'File a new version' : 'File float plan'}
        </button>
      </div>
    </form>
  );
}
