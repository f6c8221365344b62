import { CURRENCY_SYMBOLS, type BoatResponse } from '@crew/contracts';
import { Dialog } from 'radix-ui';
import { RouteCanvas } from './RouteCanvas';
import type { RoutePoint } from './geo';
import { formLegs, selectedPoints, type VoyageFormValues } from './form-state';

/** The preview's contribution labels. */
export const PREVIEW_CONTRIBUTION_LABELS = { free: 'Free', shared_costs: 'Shared Costs', paid: 'Paid Experience' } as const;

const longDate = (iso: string): string => (iso ? new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : 'TBD');

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function durationDays(start: string, end: string): number | null {
  if (!start || !end) return null;
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
  return Number.isFinite(days) && days > 0 ? days : null;
}

interface VoyagePreviewDialogProps {
  readonly values: VoyageFormValues;
  readonly boat: BoatResponse | undefined;
  readonly submitting: boolean;
  readonly onClose: () => void;
  readonly onPublish: () => void;
}

/** What crew will see, before publishing: header, stats, route drawing, waypoints, requirements, contribution, timeline. */
export function VoyagePreviewDialog({ values, boat, submitting, onClose, onPublish }: VoyagePreviewDialogProps) {
  const custom = values.is_custom_voyage;
  const points: RoutePoint[] = custom ? [] : selectedPoints(values.stops);
  const legs = custom ? [] : formLegs(values);
  const totalNm = legs.reduce((sum, leg) => sum + leg.distanceNm, 0);
  const distance = custom ? Number(values.distance_nm) || 0 : totalNm;
  const waypoints = custom ? [values.departure_location, values.arrival_location].filter(Boolean) : points.map((point) => point.name);
  const departure = waypoints[0] ?? 'TBD';
  const arrival = waypoints[waypoints.length - 1] ?? 'TBD';
  const days = durationDays(values.estimated_start_date, values.estimated_end_date);
  const amount = values.contribution_amount.trim() === '' ? null : Number(values.contribution_amount);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog voyage-preview" aria-describedby={undefined}>
          <header className="voyage-preview__header">
            <Dialog.Title>{values.title.trim() || 'Untitled voyage'}</Dialog.Title>
            <p className="voyage-preview__badges">
              <span className="badge badge--status">Planning</span>
              <span className="badge">{PREVIEW_CONTRIBUTION_LABELS[values.contribution_type]}</span>
              <span className="badge">{capitalise(values.min_experience)}</span>
              {custom && <span className="badge">Custom voyage</span>}
            </p>
          </header>

          <dl className="voyage-preview__stats">
            <div>
              <dt>Distance</dt>
              <dd>{distance.toLocaleString('en-US')} nm</dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{days === null ? 'TBD' : `${days} ${days === 1 ? 'day' : 'days'}`}</dd>
            </div>
            <div>
              <dt>Crew</dt>
              <dd>{values.crew_needed} needed</dd>
            </div>
            <div>
              <dt>Legs</dt>
              <dd>{custom ? 1 : legs.length}</dd>
            </div>
          </dl>

          <section aria-label="Planned route">
            <h3>Planned route</h3>
            {custom ? <p className="field__hint">A custom voyage has no ports to draw.</p> : <RouteCanvas points={points} />}
            <ol className="voyage-preview__waypoints">
              {waypoints.map((name, index) => (
                <li key={`${name}-${index}`}>
                  {name}
                  {!custom && legs[index] ? (
                    <span className="field__hint">
                      {' '}
                      — {legs[index].distanceNm} nm to {legs[index].to.port.name}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
            {custom && values.custom_voyage_notes.trim() && <p>{values.custom_voyage_notes}</p>}
          </section>

          {values.description.trim() && (
            <section aria-label="Description">
              <h3>About this voyage</h3>
              <p className="voyage-preview__description">{values.description}</p>
            </section>
          )}

          <section aria-label="Crew requirements">
            <h3>Crew requirements</h3>
            <p>
              {values.crew_needed} crew · minimum experience {capitalise(values.min_experience)}
              {boat ? ` · aboard ${boat.name}` : ''}
            </p>
            {values.skills.length > 0 && (
              <ul className="tags">
                {values.skills.map((skill) => (
                  <li key={skill} className="tag tag--plain">
                    {skill}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-label="Contribution">
            <h3>Contribution</h3>
            <p>
              <strong>{PREVIEW_CONTRIBUTION_LABELS[values.contribution_type]}</strong>
              {values.contribution_type !== 'free' && amount !== null && Number.isFinite(amount)
                ? ` · ${CURRENCY_SYMBOLS[values.contribution_currency]}${amount.toLocaleString('en-US')}`
                : ''}
            </p>
            {values.contribution_type !== 'free' && values.contribution_details.trim() && <p>{values.contribution_details}</p>}
          </section>

          <section aria-label="Timeline">
            <h3>Timeline</h3>
            <ol className="voyage-preview__timeline">
              <li>
                <strong>Departure</strong> {longDate(values.estimated_start_date)} · {departure}
              </li>
              {legs.slice(0, -1).map((leg) => (
                <li key={leg.key}>
                  <strong>Stop</strong> {longDate(leg.arrivalDate)} · {leg.to.port.name}
                </li>
              ))}
              <li>
                <strong>Arrival</strong> {longDate(values.estimated_end_date)} · {arrival}
              </li>
            </ol>
          </section>

          <div className="actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                Edit More
              </button>
            </Dialog.Close>
            <button type="button" className="button button--primary" onClick={onPublish} disabled={submitting}>
              Publish Now
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
