import type { PublicProfile } from '@crew/contracts';
import { REVIEWS_PAGE_SIZE } from '@crew/contracts/constants';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { sailingAreaLabel } from '../../../components/account/sailing-areas';
import { Pager } from '../../../components/ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { parseCalendarDate } from '../../../lib/format';
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

const TYPE_LABEL: Readonly<Record<PublicProfile['user_type'], MessageDescriptor>> = {
  crew: msg`Crew`,
  skipper: msg`Skipper`,
  both: msg`Crew and skipper`,
  admin: msg`Crew Finder team`,
};

type VoyageLine = { id: string; title: string; departure_port: string | null; arrival_port: string | null; end_date: string | null };

/** A voyage's last day as its month ("June 2030"), in the page's language. */
const endMonth = (endDate: string, locale: string): string => parseCalendarDate(endDate)?.toLocaleDateString(locale, { month: 'long', year: 'numeric' }) ?? '';

function FromTo({ from, to }: { from: string; to: string }) {
  return (
    <Trans>
      {from} to {to}
    </Trans>
  );
}

function VoyageLines({ voyages, empty }: { voyages: readonly VoyageLine[]; empty: string }) {
  const { i18n } = useLingui();
  if (voyages.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="member-voyages">
      {voyages.map((voyage) => (
        <li key={voyage.id}>
          <Link to={`/voyages/${encodeURIComponent(voyage.id)}`}>{voyage.title}</Link>
          {voyage.departure_port && voyage.arrival_port && (
            <span className="muted">
              {' '}
              · <FromTo from={voyage.departure_port} to={voyage.arrival_port} />
            </span>
          )}
          {voyage.end_date && <span className="muted"> · {endMonth(voyage.end_date, i18n.locale)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A member as others see them: no email, phone or emergency contact; their rating, reviews and completed voyages. */
export function PublicProfilePage() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const profile = useQuery(publicProfileQueryOptions(id));
  // The page shown stays while the next loads, so the pager (and the focus on it) stays put.
  const reviews = useQuery({ ...userReviewsQueryOptions(id, page), enabled: profile.isSuccess, placeholderData: keepPreviousData });
  const voyages = useQuery({ ...userVoyagesQueryOptions(id), enabled: profile.isSuccess });
  const name = profile.data ? `${profile.data.first_name} ${profile.data.last_name}` : t`Member`;
  usePageMeta(name, t`${name} on Crew Finder.`);

  if (profile.isPending) return <LoadingState label={t`Loading profile…`} />;
  if (profile.isError) {
    return (
      <div className="page page--narrow">
        <h1>
          <Trans>Member not found</Trans>
        </h1>
        {profile.error instanceof ApiError && profile.error.status === 404 ? (
          <p>
            <Trans>
              This member does not exist or has left Crew Finder. <Link to="/voyages">Browse voyages</Link>
            </Trans>
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
  const type = i18n._(TYPE_LABEL[member.user_type]);
  const since = new Date(member.member_since).toLocaleDateString(i18n.locale, { month: 'long', year: 'numeric' });
  const reviewCount = reviews.data?.total ?? 0;
  const skipperedCount = voyages.data?.skippered_count ?? 0;
  const crewedCount = voyages.data?.crewed_count ?? 0;
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
            <Trans>
              {type} · member since {since}
            </Trans>
          </p>
          <TrustBadge trust={member.trust} />
          <p data-testid="member-rating">
            {reviews.data ? (
              <RatingSummaryText rating={reviews.data.rating} />
            ) : (
              <span className="muted">
                <Trans>Loading rating…</Trans>
              </span>
            )}
          </p>
          <Responsiveness rate={member.response_rate} medianHours={member.median_response_hours} />
        </div>
      </div>
      <section className="card" aria-labelledby="experience-heading">
        <h2 id="experience-heading">
          <Trans>Sailing experience</Trans>
        </h2>
        {experience ? (
          <dl className="details">
            <dt>
              <Trans>Years sailing</Trans>
            </dt>
            <dd>{experience.years_sailing}</dd>
            <dt>
              <Trans>Areas</Trans>
            </dt>
            <dd>{experience.sailing_areas.map(sailingAreaLabel).join(', ') || '—'}</dd>
            <dt>
              <Trans>Certifications</Trans>
            </dt>
            <dd>{experience.certifications.join(', ') || '—'}</dd>
            {experience.informal_description && (
              <>
                <dt>
                  <Trans>In their words</Trans>
                </dt>
                <dd>{experience.informal_description}</dd>
              </>
            )}
          </dl>
        ) : (
          <EmptyState title={t`No sailing experience shared yet.`} />
        )}
      </section>
      <SailingLogSection userId={member.id} />
      <section className="card" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{reviewCount > 0 ? t`Reviews (${reviewCount})` : t`Reviews`}</h2>
        {reviews.isPending ? (
          <LoadingState label={t`Loading reviews…`} />
        ) : reviews.isError ? (
          <ErrorState message={t`Reviews could not be loaded.`} onRetry={() => void reviews.refetch()} />
        ) : reviews.data.reviews.length === 0 ? (
          <EmptyState title={t`No reviews yet.`} />
        ) : (
          <>
            <ReviewList reviews={reviews.data.reviews} viewerId={user?.id ?? null} viewerIsAdmin={user?.is_admin === true} />
            <Pager page={page} pages={pages} onPage={setPage} label={t`Review pages`} />
          </>
        )}
      </section>
      <section className="card" aria-labelledby="voyages-heading">
        <h2 id="voyages-heading">
          <Trans>Completed voyages</Trans>
        </h2>
        {voyages.isPending ? (
          <LoadingState label={t`Loading voyages…`} />
        ) : voyages.isError ? (
          <ErrorState message={t`Voyages could not be loaded.`} onRetry={() => void voyages.refetch()} />
        ) : (
          <>
            <h3>
              <Trans>Skippered ({skipperedCount})</Trans>
            </h3>
            <VoyageLines voyages={voyages.data.skippered} empty={t`No completed voyages as skipper yet.`} />
            <h3>
              <Trans>Crewed ({crewedCount})</Trans>
            </h3>
            <VoyageLines voyages={voyages.data.crewed} empty={t`No completed voyages as crew yet.`} />
          </>
        )}
      </section>
    </div>
  );
}
