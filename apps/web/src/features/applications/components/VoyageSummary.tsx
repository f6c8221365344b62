import type { VoyageApplicationsResponse } from '@crew/contracts';
import { VOYAGE_STATUS_LABELS } from '@crew/contracts/constants';
import { Link } from 'react-router-dom';
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
          <dt>Route</dt>
          <dd>{formatRoute(voyage.departure_port, voyage.arrival_port)}</dd>
        </div>
        <div>
          <dt>Departure</dt>
          <dd>{formatDate(voyage.estimated_start_date)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(voyage.estimated_duration_days)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`applications-voyage__status applications-voyage__status--${voyage.status}`}>{VOYAGE_STATUS_LABELS[voyage.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Crew</dt>
          <dd>
            {voyage.current_crew_count} / {voyage.crew_needed}
          </dd>
        </div>
      </dl>
    </section>
  );
}
