import type { BoatResponse } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { formatDate, formatMoney, formatTypedDistance, fractionDigitsOf, notDecided, parseCalendarDate } from '../../lib/format';
import { experienceLevelLabel, voyageStatusLabel } from '../../../../lib/code-labels';
import { skillName } from '../../../../lib/skill-labels';
import { RouteCanvas } from './RouteCanvas';
import type { RoutePoint } from './geo';
import { formLegs, selectedPoints, type ContributionType, type VoyageFormValues } from './form-state';

/** The preview's contribution labels. */
const PREVIEW_CONTRIBUTION_LABELS: Record<ContributionType, MessageDescriptor> = { free: msg`Free`, shared_costs: msg`Shared Costs`, paid: msg`Paid Experience` };

export function durationDays(start: string, end: string): number | null {
  const [from, to] = [parseCalendarDate(start), parseCalendarDate(end)];
  if (!from || !to) return null;
  // Calendar days, whatever daylight saving does in between.
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
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
  const { t, i18n } = useLingui();
  const custom = values.is_custom_voyage;
  const points: RoutePoint[] = custom ? [] : selectedPoints(values.stops);
  const legs = custom ? [] : formLegs(values);
  const totalNm = legs.reduce((sum, leg) => sum + leg.distanceNm, 0);
  const distance = custom ? Number(values.distance_nm) || 0 : totalNm;
  const waypoints = custom ? [values.departure_location, values.arrival_location].filter(Boolean) : points.map((point) => point.name);
  const departure = waypoints[0] ?? notDecided();
  const arrival = waypoints[waypoints.length - 1] ?? notDecided();
  const days = durationDays(values.estimated_start_date, values.estimated_end_date);
  const amount = values.contribution_amount.trim() === '' ? null : Number(values.contribution_amount);
  const contribution = i18n._(PREVIEW_CONTRIBUTION_LABELS[values.contribution_type]);
  const experience = experienceLevelLabel(values.min_experience);
  const crew = values.crew_needed;
  const boatName = boat?.name ?? '';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog voyage-preview" aria-describedby={undefined}>
          <header className="voyage-preview__header">
            <Dialog.Title>{values.title.trim() || t`Untitled voyage`}</Dialog.Title>
            <p className="voyage-preview__badges">
              <span className="badge badge--status">{voyageStatusLabel('planning')}</span>
              <span className="badge">{contribution}</span>
              <span className="badge">{experience}</span>
              {custom && (
                <span className="badge">
                  <Trans>Custom voyage</Trans>
                </span>
              )}
            </p>
          </header>

          <dl className="voyage-preview__stats">
            <div>
              <dt>
                <Trans>Distance</Trans>
              </dt>
              <dd>{formatTypedDistance(distance)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Duration</Trans>
              </dt>
              <dd>{days === null ? notDecided() : plural(days, { one: '# day', other: '# days' })}</dd>
            </div>
            <div>
              <dt>
                <Trans>Crew</Trans>
              </dt>
              <dd>
                <Trans>{crew} needed</Trans>
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Legs</Trans>
              </dt>
              <dd>{custom ? 1 : legs.length}</dd>
            </div>
          </dl>

          <section aria-label={t`Planned route`}>
            <h3>
              <Trans>Planned route</Trans>
            </h3>
            {custom ? (
              <p className="field__hint">
                <Trans>A custom voyage has no ports to draw.</Trans>
              </p>
            ) : (
              <RouteCanvas points={points} />
            )}
            <ol className="voyage-preview__waypoints">
              {waypoints.map((name, index) => {
                const leg = custom ? undefined : legs[index];
                const nm = leg?.distanceNm;
                const next = leg?.to.port.name;
                return (
                  <li key={`${name}-${index}`}>
                    {name}
                    {leg ? (
                      <span className="field__hint">
                        {' '}
                        <Trans>
                          — {nm} nm to {next}
                        </Trans>
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ol>
            {custom && values.custom_voyage_notes.trim() && <p>{values.custom_voyage_notes}</p>}
          </section>

          {values.description.trim() && (
            <section aria-label={t`Description`}>
              <h3>
                <Trans>About this voyage</Trans>
              </h3>
              <p className="voyage-preview__description">{values.description}</p>
            </section>
          )}

          <section aria-label={t`Crew requirements`}>
            <h3>
              <Trans>Crew requirements</Trans>
            </h3>
            <p>{boat ? t`${crew} crew · minimum experience ${experience} · aboard ${boatName}` : t`${crew} crew · minimum experience ${experience}`}</p>
            {values.skills.length > 0 && (
              <ul className="tags">
                {values.skills.map((skill) => (
                  <li key={skill} className="tag tag--plain">
                    {skillName(skill)}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-label={t`Contribution`}>
            <h3>
              <Trans>Contribution</Trans>
            </h3>
            <p>
              <strong>{contribution}</strong>
              {values.contribution_type !== 'free' && amount !== null && Number.isFinite(amount)
                ? ` · ${formatMoney(amount, values.contribution_currency, fractionDigitsOf(amount))}`
                : ''}
            </p>
            {values.contribution_type !== 'free' && values.contribution_details.trim() && <p>{values.contribution_details}</p>}
          </section>

          <section aria-label={t`Timeline`}>
            <h3>
              <Trans>Timeline</Trans>
            </h3>
            <ol className="voyage-preview__timeline">
              <li>
                <strong>
                  <Trans>Departure</Trans>
                </strong>{' '}
                {formatDate(values.estimated_start_date)} · {departure}
              </li>
              {legs.slice(0, -1).map((leg) => (
                <li key={leg.key}>
                  <strong>
                    <Trans>Stop</Trans>
                  </strong>{' '}
                  {formatDate(leg.arrivalDate)} · {leg.to.port.name}
                </li>
              ))}
              <li>
                <strong>
                  <Trans>Arrival</Trans>
                </strong>{' '}
                {formatDate(values.estimated_end_date)} · {arrival}
              </li>
            </ol>
          </section>

          <div className="actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary">
                <Trans>Edit More</Trans>
              </button>
            </Dialog.Close>
            <button type="button" className="button button--primary" onClick={onPublish} disabled={submitting}>
              <Trans>Publish Now</Trans>
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
