import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { awaitingAgreementsQueryOptions } from '../../../api/trust';

/** Crew agreements the crew member has yet to accept, one line each, from one request for them all. */
export function AgreementsToAccept() {
  const awaiting = useQuery(awaitingAgreementsQueryOptions());
  // Hidden while loading, on failure and when nothing waits: a reminder, not a page of its own.
  const agreements = awaiting.data ?? [];
  if (agreements.length === 0) return null;
  return (
    <section className="card dashboard__section" aria-labelledby="agreements-to-accept">
      <h2 id="agreements-to-accept">
        <Trans>Agreements to accept</Trans>
      </h2>
      <ul className="agreements-to-accept">
        {agreements.map(({ id, voyage_title: voyageTitle, version }) => (
          <li key={id}>
            <Link to={`/agreements/${encodeURIComponent(id)}`}>
              <Trans>Read and accept the crew agreement for {voyageTitle}</Trans>
            </Link>{' '}
            <span className="muted">
              <Trans>(version {version})</Trans>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
