import type { VoyageResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { cardAvailability, type ViewerApplicationStatus } from '../../lib/card-state';
import { formatContribution, formatFeet, formatDate, formatDistance, formatDuration, truncate } from '../../lib/format';
import { MatchScore } from '../../../../components/trust/MatchScore';
import { Responsiveness } from '../../../../components/trust/Responsiveness';
import { boatTypeLabel } from '../../../../lib/code-labels';
import { SailboatIcon } from '../Icons';
import { PersonAvatar } from '../PersonAvatar';
import { StatusBadge } from '../StatusBadge';

interface VoyageCardProps {
  readonly voyage: VoyageResponse;
  /** The status of the viewer's own application to this voyage (`my_application.status`), if any. */
  readonly application?: ViewerApplicationStatus | null;
}

export function VoyageCard({ voyage, application = null }: VoyageCardProps) {
  const { t } = useLingui();
  const availability = cardAvailability(voyage.status, application);
  const boat = voyage.boat;
  const photo = boat?.boat_photo_thumbnail_url ?? boat?.boat_photo_url ?? null;
  const href = `/voyages/${encodeURIComponent(voyage.id)}`;
  const skipperName = `${voyage.skipper.first_name} ${voyage.skipper.last_name}`.trim();
  const title = voyage.title;
  return (
    <article
      className={`voyage-card card${availability.disabled ? ' voyage-card--disabled' : ''}`}
      aria-disabled={availability.disabled || undefined}
      title={availability.tooltip}
      data-testid="voyage-card"
    >
      <div className="voyage-card__media">
        {photo ? (
          <img src={photo} alt={boat ? `${boat.name}` : ''} loading="lazy" width={320} height={180} />
        ) : (
          <span className="voyage-card__placeholder">
            <SailboatIcon />
          </span>
        )}
      </div>
      <div className="voyage-card__body">
        <div className="voyage-card__heading">
          {/* Level 2, under the page's title: on a phone the filters (and their heading) are folded away. */}
          <h2 className="voyage-card__title">{availability.disabled ? voyage.title : <Link to={href}>{voyage.title}</Link>}</h2>
          <StatusBadge status={voyage.status} />
        </div>
        {boat && (
          <p className="voyage-card__boat">
            {boat.name} · {boatTypeLabel(boat.boat_type)} · {formatFeet(boat.length_feet)}
          </p>
        )}
        {voyage.match_score && <MatchScore match={voyage.match_score} compact />}
        {voyage.description && <p className="voyage-card__description">{truncate(voyage.description, 160)}</p>}
        <dl className="voyage-card__facts">
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
              <Trans>Distance</Trans>
            </dt>
            <dd>{formatDistance(voyage.total_distance_nm)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Contribution</Trans>
            </dt>
            <dd>
              {formatContribution(voyage.contribution_type, voyage.contribution_amount, voyage.contribution_currency)}
              {voyage.includes_food && ` · ${t`Includes food`}`}
            </dd>
          </div>
        </dl>
        <Responsiveness medianHours={voyage.skipper.median_response_hours} showRate={false} />
        <div className="voyage-card__footer">
          <span className="voyage-card__skipper">
            <PersonAvatar firstName={voyage.skipper.first_name} lastName={voyage.skipper.last_name} photoUrl={voyage.skipper.profile_photo_url} />
            <span>
              <span className="visually-hidden">
                <Trans>Skipper:</Trans>{' '}
              </span>
              {skipperName}
            </span>
          </span>
          {availability.disabled ? (
            <span className="voyage-card__unavailable">
              {availability.note}
              <button type="button" className="button button--secondary button--small" disabled title={availability.tooltip}>
                <Trans>View Details</Trans>
              </button>
            </span>
          ) : (
            <Link className="button button--primary button--small" to={href} aria-label={t`View details of ${title}`}>
              <Trans>View Details</Trans>
            </Link>
          )}
        </div>
        {application === 'rejected' && (
          <p className="voyage-card__note">
            <Link to="/voyages">
              <Trans>Browse other voyages</Trans>
            </Link>
          </p>
        )}
      </div>
    </article>
  );
}
