import type { ApplicationResponse } from '@crew/contracts';
import { formatDate, formatLegs, formatRoute } from '../lib/format';
import { ApplicationStatusBadge } from './ApplicationStatusBadge';
import { AppliedTime } from './AppliedTime';
import { VoyageTitle } from './VoyageTitle';

interface ApplicationCardProps {
  readonly application: ApplicationResponse;
  readonly now: Date;
  readonly onWithdraw: (application: ApplicationResponse) => void;
}

/** One of the crew member's applications, with Withdraw while it is pending. */
export function ApplicationCard({ application, now, onWithdraw }: ApplicationCardProps) {
  const { voyage } = application;
  const titleId = `application-${application.id}-title`;
  return (
    <article className="card applications-card" aria-labelledby={titleId}>
      <header className="applications-card__head">
        <h2 id={titleId} className="applications-card__title">
          <VoyageTitle application={application} />
        </h2>
        <ApplicationStatusBadge status={application.status} />
      </header>
      <dl className="details applications-card__facts">
        <dt>Route</dt>
        <dd>{formatRoute(voyage.departure_port, voyage.arrival_port)}</dd>
        <dt>Applied for</dt>
        <dd>{formatLegs(application.segment_orders)}</dd>
        <dt>Departure</dt>
        <dd>{formatDate(voyage.estimated_start_date)}</dd>
        <dt>Skipper</dt>
        <dd>
          {voyage.skipper.first_name} {voyage.skipper.last_name}
        </dd>
        <dt>Applied</dt>
        <dd>
          <AppliedTime createdAt={application.created_at} now={now} />
        </dd>
      </dl>
      {application.message && (
        <blockquote className="applications-card__message" aria-label="Your message">
          {application.message}
        </blockquote>
      )}
      {application.status === 'pending' && (
        <div className="actions applications-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => onWithdraw(application)}>
            Withdraw
          </button>
        </div>
      )}
    </article>
  );
}
