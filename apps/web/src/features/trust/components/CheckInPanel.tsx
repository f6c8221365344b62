import { CHECK_IN_NOTE_LIMIT } from '@crew/contracts/constants';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { Contracts } from '../../../lib/contracts-loader';
import { FieldMessage } from '../../../lib/forms/FieldMessage';
import { describedBy, messageAt, useContractForm } from '../../../lib/forms/use-contract-form';
import { useCheckIn } from '../../../api/trust';

type Kind = 'departed' | 'position' | 'arrived';

/**
 * The contract's check-in, with the position as its inputs hold it (text):
 * blank is no position, anything else a number in the contract's range. The
 * form alone knows that a position needs both figures, and that "Record
 * position" needs a position.
 */
const checkInFormSchema = (contracts: Contracts) => {
  const request = contracts.checkInRequestSchema;
  const coordinate = (notANumber: string, range: typeof request.shape.lat) =>
    contracts
      .safeText()
      .transform((value, context) => {
        if (value.trim() === '') return undefined;
        const figure = Number(value);
        if (!Number.isFinite(figure)) context.addIssue({ code: 'custom', message: notANumber });
        return figure;
      })
      .pipe(range);
  const given = (value: unknown) => typeof value === 'number';
  return request
    .extend({ lat: coordinate(translate`Enter the latitude as a number`, request.shape.lat), lon: coordinate(translate`Enter the longitude as a number`, request.shape.lon) })
    .refine((check) => check.kind !== 'position' || given(check.lat) || given(check.lon), {
      path: ['lat'],
      message: translate`Give a position: use your location or type the latitude and longitude.`,
      when: () => true,
    })
    .refine((check) => !given(check.lat) || given(check.lon), { path: ['lon'], message: translate`Give the longitude too`, when: () => true })
    .refine((check) => !given(check.lon) || given(check.lat), { path: ['lat'], message: translate`Give the latitude too`, when: () => true });
};

/** Departed, a position (from the phone's location or typed in) and arrived, each with an optional note. */
export function CheckInPanel({ voyageId }: { voyageId: string }) {
  const { t } = useLingui();
  const checkIn = useCheckIn(voyageId);
  const id = useId();
  const form = useContractForm(checkInFormSchema, { defaultValues: { kind: 'position', lat: '', lon: '', note: '' } });
  const { errors } = form.formState;
  const [message, setMessage] = useState<string | null>(null);
  // The location could not be read, or the server refused the last check-in: shown until the next one.
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const latError = messageAt(errors, 'lat');
  const lonError = messageAt(errors, 'lon');

  const record = form.handleSubmit(async (body) => {
    try {
      const outcome = await checkIn.mutateAsync({ ...body, note: body.note.trim() });
      // No connection: it waits on this device and goes when the connection returns (listed below until then).
      setMessage(
        outcome.queued ? t`No connection: the check-in is saved on this device and waiting to send. It will be sent when the connection returns.` : outcome.recorded.message,
      );
      // The note is said; the position stays for the next check-in.
      form.reset({ ...form.getValues(), note: '' });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t`The check-in could not be recorded. Please try again.`);
    }
  });
  const send = (kind: Kind) => {
    setMessage(null);
    setError(null);
    form.setValue('kind', kind);
    void record();
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setError(t`This browser cannot give your location: type it instead.`);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const revalidate = { shouldValidate: form.formState.isSubmitted };
        form.setValue('lat', position.coords.latitude.toFixed(5), revalidate);
        form.setValue('lon', position.coords.longitude.toFixed(5), revalidate);
      },
      () => {
        setLocating(false);
        setError(t`Your location could not be read: type it instead.`);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <section className="card detail-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Check in</Trans>
      </h2>
      <p className="muted">
        <Trans>Tell the shore contacts where you are. If arrival is not recorded within 6 hours of the expected time, they are alerted.</Trans>
      </p>
      <form
        className="trust-form"
        onSubmit={(event) => {
          event.preventDefault();
          send('position');
        }}
        noValidate
      >
        <fieldset className="check-in__position">
          <legend>
            <Trans>Position (optional for departed and arrived)</Trans>
          </legend>
          <div className="check-in__coords">
            <div className="field">
              <label htmlFor={`${id}-lat`}>
                <Trans>Latitude</Trans>
              </label>
              <input inputMode="decimal" placeholder="50.1500" {...form.register('lat', { deps: ['lon'] })} {...describedBy(`${id}-lat`, latError)} />
              <FieldMessage id={`${id}-lat`} message={latError} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-lon`}>
                <Trans>Longitude</Trans>
              </label>
              <input inputMode="decimal" placeholder="-5.0700" {...form.register('lon', { deps: ['lat'] })} {...describedBy(`${id}-lon`, lonError)} />
              <FieldMessage id={`${id}-lon`} message={lonError} />
            </div>
          </div>
          <button type="button" className="button button--secondary button--small" onClick={locate} disabled={locating}>
            {locating ? t`Finding your position…` : t`Use my location`}
          </button>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-note`}>
            <Trans>Note (optional)</Trans>
          </label>
          <input id={`${id}-note`} maxLength={CHECK_IN_NOTE_LIMIT} {...form.register('note')} />
        </div>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        {message && (
          <p className="form__success" role="status">
            {message}
          </p>
        )}
        <div className="actions check-in__actions">
          <button type="button" className="button button--primary" disabled={checkIn.isPending} onClick={() => send('departed')}>
            <Trans>Departed</Trans>
          </button>
          <button type="submit" className="button button--secondary" disabled={checkIn.isPending}>
            <Trans>Record position</Trans>
          </button>
          <button type="button" className="button button--primary" disabled={checkIn.isPending} onClick={() => send('arrived')}>
            <Trans>Arrived</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
