import type { VoyageResponse } from '@crew/contracts';
import { Link } from 'react-router-dom';
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
          {/* The skipper's average rating goes here once reviews exist; nothing is shown until then. */}
        </div>
      </div>
    </section>
  );
}
