import type { VoyageResponse } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { Responsiveness } from '../../../../components/trust/Responsiveness';
import { TrustBadge } from '../../../../components/trust/TrustBadge';
import { formatNumber } from '../../lib/format';
import { PersonAvatar } from '../PersonAvatar';

export function SkipperCard({ skipper }: { skipper: VoyageResponse['skipper'] }) {
  const name = `${skipper.first_name} ${skipper.last_name}`.trim();
  const voyages = skipper.voyage_count;
  const reviews = skipper.rating?.count ?? 0;
  return (
    <section className="card detail-card" aria-labelledby="skipper-heading">
      <h2 id="skipper-heading">
        <Trans>Skipper</Trans>
      </h2>
      <div className="skipper">
        <PersonAvatar firstName={skipper.first_name} lastName={skipper.last_name} photoUrl={skipper.profile_photo_url} size="large" />
        <div>
          <p className="skipper__name">
            <Link to={`/users/${encodeURIComponent(skipper.id)}`}>{name}</Link>
          </p>
          <p className="muted">{plural(voyages, { one: '# voyage', other: '# voyages' })}</p>
          <p className="skipper__rating" data-testid="skipper-rating">
            {skipper.rating && skipper.rating.count > 0 && skipper.rating.average !== null ? (
              <>
                <span aria-hidden="true" className="skipper__star">
                  ★
                </span>{' '}
                <strong>{formatNumber(skipper.rating.average, 1)}</strong>
                <span className="visually-hidden">
                  {' '}
                  <Trans>out of 5</Trans>
                </span>{' '}
                · {plural(reviews, { one: '# review', other: '# reviews' })}
              </>
            ) : (
              <span className="muted">
                <Trans>No reviews yet</Trans>
              </span>
            )}
          </p>
          <Responsiveness rate={skipper.response_rate} medianHours={skipper.median_response_hours} />
          {skipper.trust && <TrustBadge trust={skipper.trust} />}
        </div>
      </div>
    </section>
  );
}
