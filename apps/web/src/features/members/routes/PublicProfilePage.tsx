import { REVIEWS_PAGE_SIZE } from '@crew/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Pager } from '../../../components/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { userReviewsQueryOptions, userVoyagesQueryOptions } from '../../../api/reviews';
import { ReviewList } from '../../../components/reviews/ReviewList';
import { RatingSummaryText } from '../../../components/reviews/Stars';
import '../../../components/reviews/reviews.css';
import { SailingLogSection } from '../../../components/trust/SailingLogSection';
import { Responsiveness } from '../../../components/trust/Responsiveness';
import { TrustBadge } from '../../../components/trust/TrustBadge';
import { publicProfileQueryOptions } from '../../../api/members';

const TYPE_LABEL = { crew: 'Crew', skipper: 'Skipper', both: 'Crew and skipper', admin: 'Crew Finder team' } as const;

type VoyageLine = { id: string; title: string; departure_port: string | null; arrival_port: string | null; end_date: string | null };

function VoyageLines({ voyages, empty }: { voyages: readonly VoyageLine[]; empty: string }) {
  if (voyages.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="member-voyages">
      {voyages.map((voyage) => (
        <li key={voyage.id}>
          <Link to={`/voyages/${encodeURIComponent(voyage.id)}`}>{voyage.title}</Link>
          {voyage.departure_port && voyage.arrival_port && (
            <span className="muted">
              {' '}
              · {voyage.departure_port} to {voyage.arrival_port}
            </span>
          )}
          {voyage.end_date && (
            <span className="muted"> · {new Date(`${voyage.end_date}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A member as others see them: no email, phone or emergency contact; their rating, reviews and completed voyages. */
export function PublicProfilePage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const profile = useQuery(publicProfileQueryOptions(id));
  // The page shown stays while the next loads, so the pager (and the focus on it) stays put.
  const reviews = useQuery({ ...userReviewsQueryOptions(id, page), enabled: profile.isSuccess, placeholderData: keepPreviousData });
  const voyages = useQuery({ ...userVoyagesQueryOptions(id), enabled: profile.isSuccess });
  const name = profile.data ? `${profile.data.first_name} ${profile.data.last_name}` : 'Member';
  usePageMeta(name, `${name} on Crew Finder.`);

  if (profile.isPending) return <LoadingState label="Loading profile…" />;
  if (profile.isError) {
    return (
      <div className="page page--narrow">
        <h1>Member not found</h1>
        {profile.error instanceof ApiError && profile.error.status === 404 ? (
          <p>
            This member does not exist or has left Crew Finder. <Link to="/voyages">Browse voyages</Link>
          </p>
        ) : (
          <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
        )}
      </div>
    );
  }
  const member = profile.data;
  const experience = member.sailing_experience;
  const pages = reviews.data ? Math.ceil(reviews.data.total / REVIEWS_PAGE_SIZE) : 0;
  return (
    <div className="page page--narrow">
      <div className="member">
        {member.profile_photo_url ? (
          <img className="member__photo" src={member.profile_photo_url} alt="" width={96} height={96} />
        ) : (
          <span className="avatar avatar--large" aria-hidden="true">
            {`${member.first_name[0] ?? ''}${member.last_name[0] ?? ''}`.toUpperCase()}
          </span>
        )}
        <div>
          <h1>{name}</h1>
          <p>
            {TYPE_LABEL[member.user_type]} · member since {new Date(member.member_since).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })}
          </p>
          <TrustBadge trust={member.trust} />
          <p data-testid="member-rating">{reviews.data ? <RatingSummaryText rating={reviews.data.rating} /> : <span className="muted">Loading rating…</span>}</p>
          <Responsiveness rate={member.response_rate} medianHours={member.median_response_hours} />
        </div>
      </div>
      <section className="card" aria-labelledby="experience-heading">
        <h2 id="experience-heading">Sailing experience</h2>
        {experience ? (
          <dl className="details">
            <dt>Years sailing</dt>
            <dd>{experience.years_sailing}</dd>
            <dt>Areas</dt>
            <dd>{experience.sailing_areas.join(', ') || '—'}</dd>
            <dt>Certifications</dt>
            <dd>{experience.certifications.join(', ') || '—'}</dd>
            {experience.informal_description && (
              <>
                <dt>In their words</dt>
                <dd>{experience.informal_description}</dd>
              </>
            )}
          </dl>
        ) : (
          <EmptyState title="No sailing experience shared yet." />
        )}
      </section>
      <SailingLogSection userId={member.id} />
      <section className="card" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews{reviews.data && reviews.data.total > 0 ? ` (${reviews.data.total})` : ''}</h2>
        {reviews.isPending ? (
          <LoadingState label="Loading reviews…" />
        ) : reviews.isError ? (
          <ErrorState message="Reviews could not be loaded." onRetry={() => void reviews.refetch()} />
        ) : reviews.data.reviews.length === 0 ? (
          <EmptyState title="No reviews yet." />
        ) : (
          <>
            <ReviewList reviews={reviews.data.reviews} viewerId={user?.id ?? null} viewerIsAdmin={user?.is_admin === true} />
            <Pager page={page} pages={pages} onPage={setPage} label="Review pages" />
          </>
        )}
      </section>
      <section className="card" aria-labelledby="voyages-heading">
        <h2 id="voyages-heading">Completed voyages</h2>
        {voyages.isPending ? (
          <LoadingState label="Loading voyages…" />
        ) : voyages.isError ? (
          <ErrorState message="Voyages could not be loaded." onRetry={() => void voyages.refetch()} />
        ) : (
          <>
            <h3>Skippered ({voyages.data.skippered_count})</h3>
            <VoyageLines voyages={voyages.data.skippered} empty="No completed voyages as skipper yet." />
            <h3>Crewed ({voyages.data.crewed_count})</h3>
            <VoyageLines voyages={voyages.data.crewed} empty="No completed voyages as crew yet." />
          </>
        )}
      </section>
    </div>
  );
}
