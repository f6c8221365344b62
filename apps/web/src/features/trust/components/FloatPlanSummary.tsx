import type { FloatPlanResponse } from '@crew/contracts';
import { formatPortTime } from '@crew/contracts/constants';
import { formatNm } from '../../../lib/trust-format';

const STATUS_LABEL: Record<FloatPlanResponse['status'], string> = { filed: 'Filed, not departed yet', departed: 'Under way', arrived: 'Arrived', overdue: 'Overdue' };

/**
 * The float plan as filed: route, times, boat, people aboard, contacts and the
 * coastguard to call. Times are local to the departure port, with its zone,
 * exactly as the mails to the shore contacts write them (formatPortTime).
 */
export function FloatPlanSummary({ plan, headingLevel = 3 }: { plan: FloatPlanResponse; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="float-plan" data-testid="float-plan">
      <p className={`float-plan__status float-plan__status--${plan.status}`} role="status">
        <strong>{STATUS_LABEL[plan.status]}</strong>
        {plan.last_position && (
          <>
            {' '}
            · last position {plan.last_position.lat.toFixed(4)}, {plan.last_position.lon.toFixed(4)} at {formatPortTime(plan.last_position.at, plan.time_zone)}
          </>
        )}
      </p>
      <dl className="details">
        <dt>Version</dt>
        <dd>{plan.version}</dd>
        <dt>Route</dt>
        <dd>{plan.route.length > 0 ? plan.route.map((leg) => `${leg.from} → ${leg.to} (${formatNm(leg.distance_nm)})`).join('; ') : '—'}</dd>
        <dt>Departure</dt>
        <dd>{formatPortTime(plan.departure_at, plan.time_zone)}</dd>
        <dt>Expected arrival</dt>
        <dd>{formatPortTime(plan.expected_arrival_at, plan.time_zone)}</dd>
        <dt>Overdue alert after</dt>
        <dd>{formatPortTime(plan.overdue_alert_at, plan.time_zone)}</dd>
        <dt>Boat</dt>
        <dd>{plan.boat_description}</dd>
        <dt>Radio call sign</dt>
        <dd>{plan.call_sign || '—'}</dd>
        <dt>Skipper</dt>
        <dd>
          {plan.skipper.name}
          {plan.skipper.phone && (
            <>
              {' '}
              · <a href={`tel:${plan.skipper.phone.replace(/[^+0-9]/g, '')}`}>{plan.skipper.phone}</a>
            </>
          )}
        </dd>
        <dt>Aboard</dt>
        <dd>{plan.aboard.map((person) => `${person.name} (${person.role})`).join(', ') || '—'}</dd>
        {plan.notes && (
          <>
            <dt>Notes</dt>
            <dd>{plan.notes}</dd>
          </>
        )}
        <dt>Shore contacts</dt>
        <dd>{plan.shore_contacts.map((contact) => contact.name).join(', ') || '—'}</dd>
      </dl>
      {plan.emergency_contacts.length > 0 && (
        <>
          <Heading>Emergency contacts of those aboard</Heading>
          <ul>
            {plan.emergency_contacts.map((contact) => (
              <li key={`${contact.for}-${contact.name}`}>
                For {contact.for}: {contact.name}
                {contact.relationship ? ` (${contact.relationship})` : ''} · {contact.phone}
              </li>
            ))}
          </ul>
        </>
      )}
      <Heading>If the boat is overdue</Heading>
      <p>
        {/* The area's name as written for people (the region's key is for the program, never shown). */}
        Rescue services for this area ({plan.coastguard.name}): {plan.coastguard.contacts.join(' · ')}. Give them the boat description, the call sign, the people aboard and the
        last known position above.
      </p>
    </div>
  );
}
