import type { VoyageApplication } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { useAcceptApplication, useRejectApplication, voyageApplicationsQueryOptions, type Decision } from '../../../api/applications';
import { ApplicantList } from '../components/ApplicantList';
import { DecisionDialog } from '../components/DecisionDialog';
import { ForbiddenRedirect } from '../components/ForbiddenRedirect';
import { StatusMessage } from '../components/StatusMessage';
import { VoyageSummary } from '../components/VoyageSummary';
import { hasStatus, serverMessage } from '../lib/errors';
import type { StatusFilterValue } from '../lib/format';
import '../applications.css';

/** What each decision says when it worked, and when it failed without a reason from the server. */
const OUTCOME: Record<Decision, { done: MessageDescriptor; failed: MessageDescriptor }> = {
  accept: { done: msg`Application accepted successfully!`, failed: msg`Failed to accept application. Please try again.` },
  reject: { done: msg`Application rejected.`, failed: msg`Failed to reject application. Please try again.` },
};

/** /voyages/:id/applications: the voyage's skipper reviews, accepts and rejects its applications. */
export function VoyageApplicationsPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const query = useQuery(voyageApplicationsQueryOptions(id));
  const accept = useAcceptApplication(id);
  const reject = useRejectApplication(id);
  const [filter, setFilter] = useState<StatusFilterValue>('all');
  const [deciding, setDeciding] = useState<{ application: VoyageApplication; decision: Decision } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const notFound = query.isError && hasStatus(query.error, 404);
  const forbidden = query.isError && hasStatus(query.error, 403);

  const title = query.data?.voyage.title;
  const heading = title !== undefined ? t`Applications: ${title}` : notFound ? t`Voyage not found` : t`Voyage applications`;
  usePageMeta(heading, t`Review the applications for your voyage.`);

  const mutation = deciding?.decision === 'reject' ? reject : accept;
  const askToDecide = (application: VoyageApplication, decision: Decision) => {
    accept.reset();
    reject.reset();
    setNotice(null);
    setDeciding({ application, decision });
  };
  const confirmDecision = () => {
    if (!deciding) return;
    const { decision } = deciding;
    mutation.mutate(deciding.application.id, {
      onSuccess: () => {
        setDeciding(null);
        setNotice(t(OUTCOME[decision].done));
      },
    });
  };

  if (notFound) {
    return (
      <div className="page page--narrow not-found">
        <h1>
          <Trans>Voyage not found</Trans>
        </h1>
        <p>
          <Trans>This voyage does not exist or has been removed.</Trans>
        </p>
        <p>
          <Link className="button button--primary" to="/dashboard">
            <Trans>Back to dashboard</Trans>
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="page applications-page">
      <p className="applications-back">
        <Link to="/dashboard">
          <Trans>← Dashboard</Trans>
        </Link>
      </p>
      <PageHeader title={heading} />
      <StatusMessage message={notice} />
      {query.isPending ? (
        <LoadingState label={t`Loading applications…`} />
      ) : forbidden ? (
        <ForbiddenRedirect />
      ) : query.isError ? (
        <ErrorState message={t`Failed to load applications. Please try again.`} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <VoyageSummary voyage={query.data.voyage} />
          <ApplicantList data={query.data} filter={filter} onFilter={setFilter} onDecide={askToDecide} />
        </>
      )}
      {deciding && query.data && (
        <DecisionDialog
          application={deciding.application}
          decision={deciding.decision}
          voyageTitle={query.data.voyage.title}
          pending={mutation.isPending}
          error={mutation.isError ? (serverMessage(mutation.error) ?? t(OUTCOME[deciding.decision].failed)) : null}
          onConfirm={confirmDecision}
          onClose={() => setDeciding(null)}
        />
      )}
    </div>
  );
}
