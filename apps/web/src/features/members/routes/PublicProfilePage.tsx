import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { publicProfileQueryOptions } from '../api/get-public-profile';

const TYPE_LABEL = { crew: 'Crew', skipper: 'Skipper', both: 'Crew and skipper', admin: 'Crew Finder team' } as const;

/** A member as others see them: no email, phone or emergency contact. */
export function PublicProfilePage() {
  const { id = '' } = useParams();
  const profile = useQuery(publicProfileQueryOptions(id));
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
          <p>
            Trust level: <strong className={`trust__level trust__level--${member.verification_level}`}>{member.verification_level}</strong> ({member.verification_points} / 6)
          </p>
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
      <section className="card" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews</h2>
        <EmptyState title="No reviews yet." />
      </section>
    </div>
  );
}
