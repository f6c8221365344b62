import type { VoyageResponse } from '@crew/contracts';
import { EXPERIENCE_LABEL, formatContribution, formatDate, formatDistance, formatDuration } from '../../lib/format';

/** The detail sidebar's key facts. */
export function VoyageFacts({ voyage }: { voyage: VoyageResponse }) {
  const crew = voyage.requirements.crew_needed || voyage.total_crew_needed;
  return (
    <section className="card detail-card" aria-labelledby="facts-heading">
      <h2 id="facts-heading">Voyage details</h2>
      <dl className="details">
        <dt>Departure</dt>
        <dd>{formatDate(voyage.estimated_start_date)}</dd>
        <dt>Return</dt>
        <dd>{formatDate(voyage.estimated_end_date)}</dd>
        <dt>Duration</dt>
        <dd>{formatDuration(voyage.estimated_duration_days)}</dd>
        <dt>Distance</dt>
        <dd>{formatDistance(voyage.total_distance_nm)}</dd>
        <dt>Crew needed</dt>
        <dd>
          {crew}
          {voyage.current_crew_count > 0 && <span className="muted"> ({voyage.current_crew_count} joined)</span>}
        </dd>
        <dt>Contribution</dt>
        <dd>
          {formatContribution(voyage.contribution_type, voyage.contribution_amount, voyage.contribution_currency)}
          {voyage.includes_food && <span className="muted"> · Includes food</span>}
        </dd>
        <dt>Experience</dt>
        <dd>{EXPERIENCE_LABEL[voyage.requirements.min_experience] ?? voyage.requirements.min_experience} or above</dd>
      </dl>
      {voyage.contribution_details && <p className="contribution-details">{voyage.contribution_details}</p>}
    </section>
  );
}
