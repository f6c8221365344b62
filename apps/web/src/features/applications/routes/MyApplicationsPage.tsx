import type { ApplicationResponse } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { myApplicationsQueryOptions, useWithdrawApplication } from '../../../api/applications';
import { ApplicationsList } from '../components/ApplicationsList';
import { StatusMessage } from '../components/StatusMessage';
import { WithdrawDialog } from '../components/WithdrawDialog';
import type { StatusFilterValue } from '../lib/format';
import '../applications.css';

/** /applications: the crew member's applications, filtered by status, with Withdraw on pending ones. */
export function MyApplicationsPage() {
  const { t } = useLingui();
  usePageMeta(t`My Applications`, t`Follow the applications you have made to join voyages.`);
  const query = useQuery(myApplicationsQueryOptions());
  const withdraw = useWithdrawApplication();
  const [filter, setFilter] = useState<StatusFilterValue>('all');
  const [confirming, setConfirming] = useState<ApplicationResponse | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const askToWithdraw = (application: ApplicationResponse) => {
    withdraw.reset();
    setNotice(null);
    setConfirming(application);
  };
  const confirmWithdraw = () => {
    if (!confirming) return;
    withdraw.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        setNotice(t`Application withdrawn successfully.`);
      },
    });
  };

  return (
    <div className="page applications-page">
      <PageHeader title={t`My Applications`} lead={t`The voyages you have asked to join, and where each application stands.`} />
      <StatusMessage message={notice} />
      {query.isPending ? (
        <LoadingState label={t`Loading your applications…`} />
      ) : query.isError ? (
        <ErrorState message={t`Failed to load applications. Please try again.`} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t`You have not applied to any voyages yet.`}>
          <Link to="/voyages" className="button button--primary">
            <Trans>Browse Available Voyages</Trans>
          </Link>
        </EmptyState>
      ) : (
        <ApplicationsList applications={query.data} filter={filter} onFilter={setFilter} onWithdraw={askToWithdraw} />
      )}
      {confirming && (
        <WithdrawDialog
          application={confirming}
          pending={withdraw.isPending}
          error={withdraw.isError ? t`Failed to withdraw application. Please try again.` : null}
          onConfirm={confirmWithdraw}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
