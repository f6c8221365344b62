import type { AgreementResponse } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session';
import { agreementQueryOptions, useAcceptAgreement } from '../../../api/trust';
import { formatInstant } from '../../../lib/trust-format';
import '../trust.css';

function Terms({ terms }: { terms: AgreementResponse['terms'] }) {
  const contribution =
    terms.contribution_amount === null ? 'No contribution' : `${terms.contribution_amount.toLocaleString('en-GB', { style: 'currency', currency: terms.contribution_currency })}`;
  return (
    <dl className="details agreement-terms">
      <dt>Contribution</dt>
      <dd>
        {contribution}
        {terms.contribution_covers ? `: ${terms.contribution_covers}` : ''}
      </dd>
      <dt>Duties</dt>
      <dd>{terms.duties}</dd>
      <dt>Watch system</dt>
      <dd>{terms.watch_system || '—'}</dd>
      <dt>House rules</dt>
      <dd>{terms.house_rules || '—'}</dd>
      <dt>Leaving early or being asked to leave</dt>
      <dd>{terms.leaving_early}</dd>
      <dt>Insurance</dt>
      <dd>{terms.insurance}</dd>
    </dl>
  );
}

/** A crew agreement: the crew member reads and accepts the latest version; both sides see the accepted one. */
export function AgreementPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useQuery({ ...agreementQueryOptions(id), retry: false });
  const accept = useAcceptAgreement(id);
  const [share, setShare] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  usePageMeta(query.data ? `Crew agreement: ${query.data.voyage_title}` : 'Crew agreement', 'A crew agreement on Crew Finder.');

  if (query.isPending) return <LoadingState label="Loading agreement…" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <div className="page page--narrow">
        <h1>Crew agreement</h1>
        {missing ? (
          <p>This agreement does not exist, or it is not yours to read.</p>
        ) : (
          <ErrorState message={`Could not load the agreement. ${query.error.message}`} onRetry={() => void query.refetch()} />
        )}
        <p>
          <Link to="/dashboard">Back to your dashboard</Link>
        </p>
      </div>
    );
  }
  const agreement = query.data;
  const isCrew = user?.id === agreement.crew_id;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const accepted = await accept.mutateAsync({ version: agreement.version, share_emergency_contact: share });
      setDone(`You accepted version ${accepted.accepted_version ?? accepted.version}.`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) void query.refetch();
      setError(caught instanceof ApiError ? caught.message : 'The agreement could not be accepted. Please try again.');
    }
  };

  return (
    <div className="page page--narrow agreement-page">
      <p className="back-link">
        <Link to={`/voyages/${encodeURIComponent(agreement.voyage_id)}`}>← {agreement.voyage_title}</Link>
      </p>
      <h1>Crew agreement</h1>
      <p>
        Between {agreement.skipper_name} (skipper) and {agreement.crew_name} (crew), for{' '}
        <Link to={`/voyages/${encodeURIComponent(agreement.voyage_id)}`}>{agreement.voyage_title}</Link>.
      </p>
      <p role="status" data-testid="agreement-status">
        {agreement.accepted ? (
          <span className="trust-badge trust-badge--accepted">
            Version {agreement.accepted_version} accepted {formatInstant(agreement.accepted_at)}
          </span>
        ) : (
          <span className="trust-badge trust-badge--waiting">
            Version {agreement.version} waiting for {isCrew ? 'your' : `${agreement.crew_name}'s`} acceptance
          </span>
        )}
      </p>
      {done && (
        <p className="form__success" role="status">
          {done}
        </p>
      )}
      <section className="card" aria-labelledby="latest-heading">
        <h2 id="latest-heading">
          Version {agreement.version} <span className="muted">issued {formatInstant(agreement.issued_at)}</span>
        </h2>
        <Terms terms={agreement.terms} />
      </section>
      {!agreement.accepted && agreement.accepted_terms && agreement.accepted_version !== null && (
        <section className="card" aria-labelledby="accepted-heading">
          <h2 id="accepted-heading">
            Version {agreement.accepted_version}, accepted {formatInstant(agreement.accepted_at)}
          </h2>
          <p className="muted">The skipper changed the terms since; this earlier version is the one accepted until the new one is.</p>
          <Terms terms={agreement.accepted_terms} />
        </section>
      )}
      {isCrew && !agreement.accepted && (
        <form className="card trust-form" onSubmit={(event) => void submit(event)} aria-labelledby="accept-heading">
          <h2 id="accept-heading">Accept version {agreement.version}</h2>
          <div className="field field--checkbox">
            <input
              id="share-emergency-contact"
              type="checkbox"
              checked={share}
              onChange={(event) => setShare(event.target.checked)}
              aria-describedby="share-emergency-contact-hint"
            />
            <label htmlFor="share-emergency-contact">Include my emergency contact in this voyage's float plan</label>
            <p id="share-emergency-contact-hint" className="field__hint">
              If you tick this, your skipper and the shore contacts named in the float plan see your emergency contact's name, relationship and phone on the plan; other crew do
              not. Whether or not you tick it, your emergency contact is emailed if the boat is reported overdue. Set it on your profile's Safety tab.
            </p>
          </div>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={accept.isPending}>
              {accept.isPending ? 'Accepting…' : 'Accept the agreement'}
            </button>
          </div>
        </form>
      )}
      {isCrew && agreement.accepted && (
        <p className="muted">
          {agreement.share_emergency_contact ? 'Your emergency contact is included in the float plan.' : 'Your emergency contact is not shared with the shore contacts.'}
        </p>
      )}
    </div>
  );
}
