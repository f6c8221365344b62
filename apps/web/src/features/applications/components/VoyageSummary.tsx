import type { VoyageApplicationsResponse } from '@crew/contracts';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { voyageStatusLabel } from '../../../lib/code-labels';
import { formatDate, formatDuration, formatRoute } from '../lib/format';

type Voyage = VoyageApplicationsResponse['voyage'];

/** The voyage under review: route, departure, duration, status and how full the crew is. */
export function VoyageSummary({ voyage }: { voyage: Voyage }) {
  return (
    <section className="card applications-voyage" aria-labelledby="applications-voyage-title">
      <h2 id="applications-voyage-title" className="applications-voyage__title">
        <Link to={`/voyages/${voyage.id}`}>{voyage.title}</Link>
      </h2>
      <dl className="applications-voyage__facts">
        <div>
          <dt>
            <Trans>Route</Trans>
          </dt>
          <dd>{formatRoute(voyage.departure_port, voyage.arrival_port)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Departure</Trans>
          </dt>
          <dd>{formatDate(voyage.estimated_start_date)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Duration</Trans>
          </dt>
          <dd>{formatDuration(voyage.estimated_duration_days)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <span className={`applications-voyage__status applications-voyage__status--${voyage.status}`}>{voyageStatusLabel(voyage.status)}</span>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Crew</Trans>
          </dt>
          <dd>
            {voyage.current_crew_count} / {voyage.crew_needed}
          </dd>
        </div>
      </dl>
    </section>
  );
}
