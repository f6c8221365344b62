import type { VoyageResponse } from '@crew/contracts';
import { Link } from 'react-router-dom';
import { Responsiveness } from '../../../../components/trust/Responsiveness';
import { TrustBadge } from '../../../../components/trust/TrustBadge';
import { PersonAvatar } from '../PersonAvatar';

export function SkipperCard({ skipper }: { skipper: VoyageResponse['skipper'] }) {
  const name = `${skipper.first_name} ${skipper.last_name}`.trim();
  return (
    <section className="card detail-card" aria-labelledby="skipper-heading">
      <h2 id="skipper-heading">Skipper</h2>
      <div className="skipper">
        <PersonAvatar firstName={skipper.first_name} lastName={skipper.last_name} photoUrl={skipper.profile_photo_url} size="large" />
        <div>
          <p className="skipper__name">
            <Link to={`/users/${encodeURIComponent(skipper.id)}`}>{name}</Link>
          </p>
          <p className="muted">{skipper.voyage_count === 1 ? '1 voyage' : `${skipper.voyage_count} voyages`}</p>
          <p className="skipper__rating" data-testid="skipper-rating">
            {skipper.rating && skipper.rating.count > 0 && skipper.rating.average !== null ? (
              <>
                <span aria-hidden="true" className="skipper__star">
                  ★
                </span>{' '}
                <strong>{skipper.rating.average.toFixed(1)}</strong>
                <span className="visually-hidden"> out of 5</span> · {skipper.rating.count === 1 ? '1 review' : `${skipper.rating.count} reviews`}
              </>
            ) : (
              <span className="muted">No reviews yet</span>
            )}
          </p>
          <Responsiveness rate={skipper.response_rate} medianHours={skipper.median_response_hours} />
          {skipper.trust && <TrustBadge trust={skipper.trust} />}
        </div>
      </div>
    </section>
  );
}
