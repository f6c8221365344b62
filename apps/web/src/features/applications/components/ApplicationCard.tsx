import type { ApplicationResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
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
        <dt>
          <Trans>Route</Trans>
        </dt>
        <dd>{formatRoute(voyage.departure_port, voyage.arrival_port)}</dd>
        <dt>
          <Trans>Applied for</Trans>
        </dt>
        <dd>{formatLegs(application.segment_orders)}</dd>
        <dt>
          <Trans>Departure</Trans>
        </dt>
        <dd>{formatDate(voyage.estimated_start_date)}</dd>
        <dt>
          <Trans>Skipper</Trans>
        </dt>
        <dd>
          {voyage.skipper.first_name} {voyage.skipper.last_name}
        </dd>
        <dt>
          <Trans>Applied</Trans>
        </dt>
        <dd>
          <AppliedTime createdAt={application.created_at} now={now} />
        </dd>
      </dl>
      {application.message && (
        <blockquote className="applications-card__message" aria-label={t`Your message`}>
          {application.message}
        </blockquote>
      )}
      {application.status === 'pending' && (
        <div className="actions applications-actions">
          <button type="button" className="button button--secondary button--small" onClick={() => onWithdraw(application)}>
            <Trans>Withdraw</Trans>
          </button>
        </div>
      )}
    </article>
  );
}
