import type { VoyageResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatContribution, formatDate, formatDistance, formatDuration, formatNumber } from '../../lib/format';
import { experienceLevelLabel } from '../../../../lib/code-labels';

/** The detail sidebar's key facts. */
export function VoyageFacts({ voyage }: { voyage: VoyageResponse }) {
  const { t } = useLingui();
  const crew = formatNumber(voyage.requirements.crew_needed || voyage.total_crew_needed);
  const joined = formatNumber(voyage.current_crew_count);
  const level = experienceLevelLabel(voyage.requirements.min_experience);
  return (
    <section className="card detail-card" aria-labelledby="facts-heading">
      <h2 id="facts-heading">
        <Trans>Voyage details</Trans>
      </h2>
      <dl className="details">
        <dt>
          <Trans>Departure</Trans>
        </dt>
        <dd>{formatDate(voyage.estimated_start_date)}</dd>
        <dt>
          <Trans>Return</Trans>
        </dt>
        <dd>{formatDate(voyage.estimated_end_date)}</dd>
        <dt>
          <Trans>Duration</Trans>
        </dt>
        <dd>{formatDuration(voyage.estimated_duration_days)}</dd>
        <dt>
          <Trans>Distance</Trans>
        </dt>
        <dd>{formatDistance(voyage.total_distance_nm)}</dd>
        <dt>
          <Trans>Crew needed</Trans>
        </dt>
        <dd>
          {crew}
          {voyage.current_crew_count > 0 && <span className="muted"> {t`(${joined} joined)`}</span>}
        </dd>
        <dt>
          <Trans>Contribution</Trans>
        </dt>
        <dd>
          {formatContribution(voyage.contribution_type, voyage.contribution_amount, voyage.contribution_currency)}
          {voyage.includes_food && <span className="muted"> · {t`Includes food`}</span>}
        </dd>
        <dt>
          <Trans>Experience</Trans>
        </dt>
        <dd>
          <Trans>{level} or above</Trans>
        </dd>
      </dl>
      {voyage.contribution_details && <p className="contribution-details">{voyage.contribution_details}</p>}
    </section>
  );
}
