import type { AgreementResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  // The amount in the page's language ("€1,250.00" in English as before, "1 250,00 €" in French).
  const contribution =
    terms.contribution_amount === null
      ? t`No contribution`
      : terms.contribution_amount.toLocaleString(i18n.locale === 'en' ? 'en-GB' : i18n.locale, { style: 'currency', currency: terms.contribution_currency });
  return (
    <dl className="details agreement-terms">
      <dt>
        <Trans>Contribution</Trans>
      </dt>
      <dd>
        {contribution}
        {terms.contribution_covers ? `: ${terms.contribution_covers}` : ''}
      </dd>
      <dt>
        <Trans>Duties</Trans>
      </dt>
      <dd>{terms.duties}</dd>
      <dt>
        <Trans>Watch system</Trans>
      </dt>
      <dd>{terms.watch_system || '—'}</dd>
      <dt>
        <Trans>House rules</Trans>
      </dt>
      <dd>{terms.house_rules || '—'}</dd>
      <dt>
        <Trans>Leaving early or being asked to leave</Trans>
      </dt>
      <dd>{terms.leaving_early}</dd>
      <dt>
        <Trans>Insurance</Trans>
      </dt>
      <dd>{terms.insurance}</dd>
    </dl>
  );
}

/** A crew agreement: the crew member reads and accepts the latest version; both sides see the accepted one. */
export function AgreementPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const { user } = useSession();
  const query = useQuery({ ...agreementQueryOptions(id), retry: false });
  const accept = useAcceptAgreement(id);
  const [share, setShare] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pageTitle = query.data?.voyage_title;
  usePageMeta(pageTitle !== undefined ? t`Crew agreement: ${pageTitle}` : t`Crew agreement`, t`A crew agreement on Crew Finder.`);

  // The page's level-one heading is there while the agreement loads (a slow network showed a page without one).
  if (query.isPending)
    return (
      <div className="page page--narrow">
        <h1>
          <Trans>Crew agreement</Trans>
        </h1>
        <LoadingState label={t`Loading agreement…`} />
      </div>
    );
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    const reason = query.error.message;
    return (
      <div className="page page--narrow">
        <h1>
          <Trans>Crew agreement</Trans>
        </h1>
        {missing ? (
          <p>
            <Trans>This agreement does not exist, or it is not yours to read.</Trans>
          </p>
        ) : (
          <ErrorState message={t`Could not load the agreement. ${reason}`} onRetry={() => void query.refetch()} />
        )}
        <p>
          <Link to="/dashboard">
            <Trans>Back to your dashboard</Trans>
          </Link>
        </p>
      </div>
    );
  }
  const agreement = query.data;
  const isCrew = user?.id === agreement.crew_id;
  const { version, accepted_version: acceptedVersion, skipper_name: skipperName, crew_name: crewName, voyage_title: voyageTitle } = agreement;
  const acceptedAt = formatInstant(agreement.accepted_at);
  const issuedAt = formatInstant(agreement.issued_at);
  const voyagePath = `/voyages/${encodeURIComponent(agreement.voyage_id)}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const accepted = await accept.mutateAsync({ version: agreement.version, share_emergency_contact: share });
      const acceptedNow = accepted.accepted_version ?? accepted.version;
      setDone(t`You accepted version ${acceptedNow}.`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) void query.refetch();
      setError(caught instanceof ApiError ? caught.message : t`The agreement could not be accepted. Please try again.`);
    }
  };

  return (
    <div className="page page--narrow agreement-page">
      <p className="back-link">
        <Link to={voyagePath}>← {voyageTitle}</Link>
      </p>
      <h1>
        <Trans>Crew agreement</Trans>
      </h1>
      <p>
        <Trans>
          Between {skipperName} (skipper) and {crewName} (crew), for <Link to={voyagePath}>{voyageTitle}</Link>.
        </Trans>
      </p>
      <p role="status" data-testid="agreement-status">
        {agreement.accepted ? (
          <span className="trust-badge trust-badge--accepted">
            <Trans>
              Version {acceptedVersion} accepted {acceptedAt}
            </Trans>
          </span>
        ) : (
          <span className="trust-badge trust-badge--waiting">
            {isCrew ? (
              <Trans>Version {version} waiting for your acceptance</Trans>
            ) : (
              <Trans>
                Version {version} waiting for {crewName}'s acceptance
              </Trans>
            )}
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
          <Trans>
            Version {version} <span className="muted">issued {issuedAt}</span>
          </Trans>
        </h2>
        <Terms terms={agreement.terms} />
      </section>
      {!agreement.accepted && agreement.accepted_terms && acceptedVersion !== null && (
        <section className="card" aria-labelledby="accepted-heading">
          <h2 id="accepted-heading">
            <Trans>
              Version {acceptedVersion}, accepted {acceptedAt}
            </Trans>
          </h2>
          <p className="muted">
            <Trans>The skipper changed the terms since; this earlier version is the one accepted until the new one is.</Trans>
          </p>
          <Terms terms={agreement.accepted_terms} />
        </section>
      )}
      {isCrew && !agreement.accepted && (
        <form className="card trust-form" onSubmit={(event) => void submit(event)} aria-labelledby="accept-heading">
          <h2 id="accept-heading">
            <Trans>Accept version {version}</Trans>
          </h2>
          <div className="field field--checkbox">
            <input
              id="share-emergency-contact"
              type="checkbox"
              checked={share}
              onChange={(event) => setShare(event.target.checked)}
              aria-describedby="share-emergency-contact-hint"
            />
            <label htmlFor="share-emergency-contact">
              <Trans>Include my emergency contact in this voyage's float plan</Trans>
            </label>
            <p id="share-emergency-contact-hint" className="field__hint">
              <Trans>
                If you tick this, your skipper and the shore contacts named in the float plan see your emergency contact's name, relationship and phone on the plan; other crew do
                not. Whether or not you tick it, your emergency contact is emailed if the boat is reported overdue. Set it on your profile's Safety tab.
              </Trans>
            </p>
          </div>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={accept.isPending}>
              {accept.isPending ? t`Accepting…` : t`Accept the agreement`}
            </button>
          </div>
        </form>
      )}
      {isCrew && agreement.accepted && (
        <p className="muted">
          {agreement.share_emergency_contact ? t`Your emergency contact is included in the float plan.` : t`Your emergency contact is not shared with the shore contacts.`}
        </p>
      )}
    </div>
  );
}
