import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { voyageTrustQueryOptions } from '../../trust/api/trust';
import { myApplicationsQueryOptions } from '../api/my-applications';

/** Crew agreements the crew member has yet to accept, one line each, from the voyages they were accepted on. */
export function AgreementsToAccept({ viewerId }: { readonly viewerId: string }) {
  const applications = useQuery(myApplicationsQueryOptions(viewerId));
  const accepted = (applications.data ?? []).filter((application) => application.status === 'accepted');
  const trusts = useQueries({ queries: accepted.map((application) => ({ ...voyageTrustQueryOptions(application.voyage.id), retry: false })) });
  const waiting = accepted.flatMap((application, index) => {
    const agreement = trusts[index]?.data?.crew.find((crew) => crew.id === viewerId)?.agreement;
    return agreement && !agreement.accepted ? [{ application, agreement }] : [];
  });
  if (waiting.length === 0) return null;
  return (
    <section className="card dashboard__section" aria-labelledby="agreements-to-accept">
      <h2 id="agreements-to-accept">Agreements to accept</h2>
      <ul className="agreements-to-accept">
        {waiting.map(({ application, agreement }) => (
          <li key={agreement.id}>
            <Link to={`/agreements/${encodeURIComponent(agreement.id)}`}>
              Read and accept the crew agreement for {application.voyage.title}
            </Link>{' '}
            <span className="muted">(version {agreement.version})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
