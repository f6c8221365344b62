import type { VoyageApplication, VoyageApplicationsResponse } from '@crew/contracts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { Decision } from '../../../api/applications';
import { formatNumber } from '../../../lib/format';
import { describeLegPorts, formatLegs } from '../lib/format';
import { MatchScore } from '../../../components/trust/MatchScore';
import { TrustBadge } from '../../../components/trust/TrustBadge';
import { ApplicantAvatar } from './ApplicantAvatar';
import { ApplicantExperience } from './ApplicantExperience';
import { ApplicantSkills } from './ApplicantSkills';
import { ApplicationStatusBadge } from './ApplicationStatusBadge';
import { AppliedTime } from './AppliedTime';

interface ApplicantCardProps {
  readonly application: VoyageApplication;
  readonly segments: VoyageApplicationsResponse['voyage']['segments'];
  readonly now: Date;
  readonly onDecide: (application: VoyageApplication, decision: Decision) => void;
}

/** One applicant as the skipper sees them, with Accept and Reject while the application is pending. */
export function ApplicantCard({ application, segments, now, onDecide }: ApplicantCardProps) {
  const { t } = useLingui();
  const crew = application.crew_member;
  const firstName = crew.first_name;
  const reviewCount = crew.rating.count;
  const nameId = `applicant-${application.id}-name`;
  const legPorts = describeLegPorts(application.segment_orders, segments);
  return (
    <article className="card applicant-card" aria-labelledby={nameId}>
      <header className="applicant-card__head">
        <ApplicantAvatar firstName={crew.first_name} lastName={crew.last_name} photoUrl={crew.profile_photo_url} />
        <div className="applicant-card__who">
          <h2 id={nameId} className="applicant-card__name">
            <Link to={`/users/${encodeURIComponent(crew.id)}`}>
              {crew.first_name} {crew.last_name}
            </Link>
          </h2>
          <p className="applicant-card__rating">
            {crew.rating.count > 0 && crew.rating.average !== null ? (
              <>
                <span aria-hidden="true">★</span> <strong>{formatNumber(crew.rating.average, 1)}</strong>
                <span className="visually-hidden">
                  {' '}
                  <Trans>out of 5</Trans>
                </span>{' '}
                · <Plural value={reviewCount} one="# review" other="# reviews" />
              </>
            ) : (
              <span className="muted">
                <Trans>No reviews yet</Trans>
              </span>
            )}
          </p>
          {crew.trust && <TrustBadge trust={crew.trust} />}
          <a href={`mailto:${crew.email}`} className="applicant-card__email">
            {crew.email}
          </a>
        </div>
        <ApplicationStatusBadge status={application.status} />
      </header>
      <dl className="details applicant-card__facts">
        <dt>
          <Trans>Applied for</Trans>
        </dt>
        <dd>
          {formatLegs(application.segment_orders)}
          {legPorts && <span className="applicant-card__legs"> ({legPorts})</span>}
        </dd>
        <dt>
          <Trans>Applied</Trans>
        </dt>
        <dd>
          <AppliedTime createdAt={application.created_at} now={now} />
        </dd>
      </dl>
      {application.message && (
        <section className="applicant-card__section">
          <h3>
            <Trans>Message</Trans>
          </h3>
          <blockquote className="applications-card__message">{application.message}</blockquote>
        </section>
      )}
      {application.crew_member.match_score && (
        <section className="applicant-card__section">
          <h3>
            <Trans>Match with this voyage</Trans>
          </h3>
          <MatchScore match={application.crew_member.match_score} heading={t`Match score`} ownMatch={false} />
        </section>
      )}
      <section className="applicant-card__section">
        <h3>
          <Trans>Sailing experience</Trans>
        </h3>
        <ApplicantExperience experience={crew.sailing_experience} />
      </section>
      <section className="applicant-card__section">
        <h3>
          <Trans>Skills</Trans>
        </h3>
        <ApplicantSkills skills={crew.crew_skills} />
      </section>
      <p className="applicant-card__message-link">
        <Link
          to={`/messages/new?voyage=${encodeURIComponent(application.voyage.id)}&to=${encodeURIComponent(crew.id)}&title=${encodeURIComponent(application.voyage.title)}`}
          className="button button--secondary button--small"
        >
          <Trans>Message {firstName}</Trans>
        </Link>
      </p>
      {application.status === 'pending' && (
        <div className="actions applications-actions">
          <button type="button" className="button button--secondary" onClick={() => onDecide(application, 'reject')}>
            <Trans>Reject</Trans>
          </button>
          <button type="button" className="button button--primary" onClick={() => onDecide(application, 'accept')}>
            <Trans>Accept</Trans>
          </button>
        </div>
      )}
    </article>
  );
}
