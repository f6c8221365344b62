import type { ApplicationResponse } from '@crew/contracts';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { myApplicationsQueryOptions, useWithdrawApplication } from '../../../api/applications';
import { formatCalendarDate } from '../../../lib/format';
import { FindVoyagePanel } from './FindVoyagePanel';
import { applicationStatusLabel } from '../../../lib/code-labels';

/** The dashboard shows the first 3 applications. */
export const DASHBOARD_APPLICATIONS = 3;

const routeText = (voyage: ApplicationResponse['voyage']): string =>
  voyage.departure_port || voyage.arrival_port ? `${voyage.departure_port ?? '?'} → ${voyage.arrival_port ?? '?'}` : translate`Route not set yet`;

/** Dates in long form ("June 5, 2026" in English). */
const appliedOn = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? translate`Unknown` : formatCalendarDate(date);
};

/** The crew part of the dashboard: the latest applications, their status, and Withdraw on pending ones; a getting-started panel until the first one. */
export function MyApplications() {
  const { t } = useLingui();
  const applications = useQuery(myApplicationsQueryOptions());
  const withdraw = useWithdrawApplication();
  const [confirming, setConfirming] = useState<ApplicationResponse | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const confirmWithdraw = () => {
    if (!confirming) return;
    withdraw.mutate(confirming.id, {
      onSuccess: () => setOutcome({ kind: 'success', text: t`Application withdrawn successfully.` }),
      onError: () => setOutcome({ kind: 'error', text: t`Failed to withdraw application. Please try again.` }),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      <section className="card dashboard__section my-applications" aria-labelledby="my-applications">
        <div className="dashboard__section-head">
          <h2 id="my-applications">
            <Trans>My Applications</Trans>
          </h2>
          {applications.data && applications.data.length > 0 && (
            <Link to="/applications" className="button button--secondary button--small">
              <Trans>View All</Trans>
            </Link>
          )}
        </div>
        {outcome && (
          <p className={outcome.kind === 'success' ? 'form__success' : 'form__error'} role={outcome.kind === 'success' ? 'status' : 'alert'}>
            {outcome.text}
          </p>
        )}
        {applications.isPending ? (
          <LoadingState label={t`Loading your applications…`} />
        ) : applications.isError ? (
          <ErrorState message={t`Your applications could not be loaded.`} onRetry={() => void applications.refetch()} />
        ) : applications.data.length === 0 ? (
          <EmptyState title={t`You have not applied to any voyages yet.`}>
            <Link to="/voyages" className="button button--primary">
              <Trans>Browse Available Voyages</Trans>
            </Link>
          </EmptyState>
        ) : (
          <ul className="my-applications__list">
            {applications.data.slice(0, DASHBOARD_APPLICATIONS).map((application) => {
              const voyageTitle = application.voyage.title;
              return (
                <li key={application.id} className="my-applications__item">
                  <div className="my-applications__main">
                    <h3 className="my-applications__title">
                      {application.status === 'rejected' ? (
                        // A rejected application cannot be opened as a voyage.
                        <span title={t`Voyage details cannot be viewed for this application`}>{application.voyage.title}</span>
                      ) : (
                        <Link to={`/voyages/${encodeURIComponent(application.voyage.id)}`}>{application.voyage.title}</Link>
                      )}
                    </h3>
                    <span className={`my-applications__status my-applications__status--${application.status}`}>{applicationStatusLabel(application.status)}</span>
                  </div>
                  <dl className="my-applications__facts">
                    <div>
                      <dt>
                        <Trans>Route</Trans>
                      </dt>
                      <dd>{routeText(application.voyage)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Applied</Trans>
                      </dt>
                      <dd>{appliedOn(application.created_at)}</dd>
                    </div>
                  </dl>
                  {application.status === 'pending' && (
                    <div className="actions">
                      <button
                        type="button"
                        className="button button--danger-outline button--small"
                        onClick={() => {
                          setOutcome(null);
                          withdraw.reset();
                          setConfirming(application);
                        }}
                      >
                        <Trans>
                          Withdraw<span className="visually-hidden"> application for {voyageTitle}</span>
                        </Trans>
                      </button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => {
            if (!open && !withdraw.isPending) setConfirming(null);
          }}
          title={t`Withdraw application?`}
          confirmLabel={t`Withdraw`}
          pendingLabel={t`Withdrawing…`}
          cancelLabel={t`Keep application`}
          tone="danger"
          pending={withdraw.isPending}
          error={null}
          onConfirm={confirmWithdraw}
        >
          <p>
            <Trans>Are you sure you want to withdraw your application for the voyage?</Trans>
          </p>
          {confirming && (
            <p>
              <strong>{confirming.voyage.title}</strong>
            </p>
          )}
        </ConfirmDialog>
      </section>
      {/* New crew: how to find a first voyage. */}
      {applications.data?.length === 0 && <FindVoyagePanel />}
    </>
  );
}
