import { CHECK_IN_NOTE_LIMIT } from '@crew/contracts/constants';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useCheckIn } from '../../../api/trust';

type Kind = 'departed' | 'position' | 'arrived';

/** Departed, a position (from the phone's location or typed in) and arrived, each with an optional note. */
export function CheckInPanel({ voyageId }: { voyageId: string }) {
  const checkIn = useCheckIn(voyageId);
  const id = useId();
  const [note, setNote] = useState('');
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  const send = async (kind: Kind) => {
    setMessage(null);
    setError(null);
    const body: { kind: Kind; note: string; lat?: number; lon?: number } = { kind, note: note.trim() };
    if (lat.trim() !== '' || lon.trim() !== '') {
      const la = Number(lat);
      const lo = Number(lon);
      if (!Number.isFinite(la) || la < -90 || la > 90 || !Number.isFinite(lo) || lo < -180 || lo > 180) {
        setError('Latitude must be between -90 and 90 and longitude between -180 and 180.');
        return;
      }
      body.lat = la;
      body.lon = lo;
    } else if (kind === 'position') {
      setError('Give a position: use your location or type the latitude and longitude.');
      return;
    }
    try {
      const result = await checkIn.mutateAsync(body);
      setMessage(result.message);
      setNote('');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The check-in could not be recorded. Please try again.');
    }
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setError('This browser cannot give your location: type it instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLat(position.coords.latitude.toFixed(5));
        setLon(position.coords.longitude.toFixed(5));
      },
      () => {
        setLocating(false);
        setError('Your location could not be read: type it instead.');
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send('position');
  };

  return (
    <section className="card detail-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Check in</h2>
      <p className="muted">Tell the shore contacts where you are. If arrival is not recorded within 6 hours of the expected time, they are alerted.</p>
      <form className="trust-form" onSubmit={onSubmit} noValidate>
        <fieldset className="check-in__position">
          <legend>Position (optional for departed and arrived)</legend>
          <div className="check-in__coords">
            <div className="field">
              <label htmlFor={`${id}-lat`}>Latitude</label>
              <input id={`${id}-lat`} inputMode="decimal" value={lat} onChange={(event) => setLat(event.target.value)} placeholder="50.1500" />
            </div>
            <div className="field">
              <label htmlFor={`${id}-lon`}>Longitude</label>
              <input id={`${id}-lon`} inputMode="decimal" value={lon} onChange={(event) => setLon(event.target.value)} placeholder="-5.0700" />
            </div>
          </div>
          <button type="button" className="button button--secondary button--small" onClick={locate} disabled={locating}>
            {locating ? 'Finding your position…' : 'Use my location'}
          </button>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input id={`${id}-note`} value={note} maxLength={CHECK_IN_NOTE_LIMIT} onChange={(event) => setNote(event.target.value)} />
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
          <button type="button" className="button button--primary" disabled={checkIn.isPending} onClick={() => void send('departed')}>
            Departed
          </button>
          <button type="submit" className="button button--secondary" disabled={checkIn.isPending}>
            Record position
          </button>
          <button type="button" className="button button--primary" disabled={checkIn.isPending} onClick={() => void send('arrived')}>
            Arrived
          </button>
        </div>
      </form>
    </section>
  );
}
