import type { FloatPlanResponse } from '@crew/contracts';
import { activeLocale } from '../../../i18n/i18n';
import { formatPortTime } from '@crew/contracts/constants';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNm } from '../../../lib/trust-format';

const STATUS_LABEL = {
  filed: msg`Filed, not departed yet`,
  departed: msg`Under way`,
  arrived: msg`Arrived`,
  overdue: msg`Overdue`,
} as const satisfies Record<FloatPlanResponse['status'], unknown>;

/** How each person aboard is named beside their role. */
const ROLE_LABEL = { skipper: msg`skipper`, crew: msg`crew` } as const satisfies Record<FloatPlanResponse['aboard'][number]['role'], unknown>;

/** "· last position 50.1500, -5.0700 at Sun, 1 Aug 2027, 09:00 CEST" after the status. */
function LastPosition({ position, timeZone }: { position: NonNullable<FloatPlanResponse['last_position']>; timeZone: FloatPlanResponse['time_zone'] }) {
  const lat = position.lat.toFixed(4);
  const lon = position.lon.toFixed(4);
  const at = formatPortTime(position.at, timeZone, activeLocale());
  return (
    <>
      {' '}
      <Trans>
        · last position {lat}, {lon} at {at}
      </Trans>
    </>
  );
}

/**
 * The float plan as filed: route, times, boat, people aboard, contacts and the
 * coastguard to call. Times are local to the departure port, with its zone,
 * exactly as the mails to the shore contacts write them (formatPortTime).
 */
export function FloatPlanSummary({ plan, headingLevel = 3 }: { plan: FloatPlanResponse; headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The area's name as written for people (the region's key is for the program, never shown).
  const area = plan.coastguard.name;
  const rescueContacts = plan.coastguard.contacts.join(' · ');
  return (
    <div className="float-plan" data-testid="float-plan">
      <p className={`float-plan__status float-plan__status--${plan.status}`} role="status">
        <strong>{t(STATUS_LABEL[plan.status])}</strong>
        {plan.last_position && <LastPosition position={plan.last_position} timeZone={plan.time_zone} />}
      </p>
      <dl className="details">
        <dt>
          <Trans>Version</Trans>
        </dt>
        <dd>{plan.version}</dd>
        <dt>
          <Trans>Route</Trans>
        </dt>
        <dd>{plan.route.length > 0 ? plan.route.map((leg) => `${leg.from} → ${leg.to} (${formatNm(leg.distance_nm)})`).join('; ') : '—'}</dd>
        <dt>
          <Trans>Departure</Trans>
        </dt>
        <dd>{formatPortTime(plan.departure_at, plan.time_zone, activeLocale())}</dd>
        <dt>
          <Trans>Expected arrival</Trans>
        </dt>
        <dd>{formatPortTime(plan.expected_arrival_at, plan.time_zone, activeLocale())}</dd>
        <dt>
          <Trans>Overdue alert after</Trans>
        </dt>
        <dd>{formatPortTime(plan.overdue_alert_at, plan.time_zone, activeLocale())}</dd>
        <dt>
          <Trans>Boat</Trans>
        </dt>
        <dd>{plan.boat_description}</dd>
        <dt>
          <Trans>Radio call sign</Trans>
        </dt>
        <dd>{plan.call_sign || '—'}</dd>
        <dt>
          <Trans>Skipper</Trans>
        </dt>
        <dd>
          {plan.skipper.name}
          {plan.skipper.phone && (
            <>
              {' '}
              · <a href={`tel:${plan.skipper.phone.replace(/[^+0-9]/g, '')}`}>{plan.skipper.phone}</a>
            </>
          )}
        </dd>
        <dt>
          <Trans>Aboard</Trans>
        </dt>
        <dd>{plan.aboard.map((person) => `${person.name} (${t(ROLE_LABEL[person.role])})`).join(', ') || '—'}</dd>
        {plan.notes && (
          <>
            <dt>
              <Trans>Notes</Trans>
            </dt>
            <dd>{plan.notes}</dd>
          </>
        )}
        <dt>
          <Trans>Shore contacts</Trans>
        </dt>
        <dd>{plan.shore_contacts.map((contact) => contact.name).join(', ') || '—'}</dd>
      </dl>
      {plan.emergency_contacts.length > 0 && (
        <>
          <Heading>
            <Trans>Emergency contacts of those aboard</Trans>
          </Heading>
          <ul>
            {plan.emergency_contacts.map(({ for: person, name, relationship, phone }) => (
              <li key={`${person}-${name}`}>
                <Trans>
                  For {person}: {name}
                </Trans>
                {relationship ? ` (${relationship})` : ''} · {phone}
              </li>
            ))}
          </ul>
        </>
      )}
      <Heading>
        <Trans>If the boat is overdue</Trans>
      </Heading>
      <p>
        <Trans>
          Rescue services for this area ({area}): {rescueContacts}. Give them the boat description, the call sign, the people aboard and the last known position above.
        </Trans>
      </p>
    </div>
  );
}
