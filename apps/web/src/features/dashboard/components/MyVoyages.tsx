import type { VoyageResponse } from '@crew/contracts';
import { plural, t as translate } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { myVoyagesQueryOptions, useCancelVoyage, useCompleteVoyage } from '../../../api/my-voyages';
import { CancelVoyageDialog } from './CancelVoyageDialog';
import { QuickStats } from './QuickStats';
import { voyageStatusLabel } from '../../../lib/code-labels';
import { canCancel, canEdit, departureLabel, routeSummary, shouldSuggestCompletion } from './voyage-summary';

const failureText = (error: unknown): string =>
  error instanceof ApiError && error.status >= 400 && error.code !== 'HTTP_ERROR' ? error.message : translate`Failed to cancel voyage. Please try again.`;

/** The skipper's part of the dashboard: quick stats and every voyage with its actions. */
export function MyVoyages() {
  const { t } = useLingui();
  const voyages = useQuery(myVoyagesQueryOptions());
  const cancel = useCancelVoyage();
  const complete = useCompleteVoyage();
  const [confirming, setConfirming] = useState<VoyageResponse | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const confirmCancel = () => {
    if (!confirming) return;
    const voyage = confirming;
    cancel.mutate(voyage.id, {
      onSuccess: (result) => {
        const n = result.notifications_sent;
        const title = voyage.title;
        setOutcome({ kind: 'success', text: t`“${title}” has been cancelled. ${plural(n, { one: '# person was notified.', other: '# people were notified.' })}` });
        setConfirming(null);
      },
      onError: (error) => {
        setOutcome({ kind: 'error', text: failureText(error) });
        setConfirming(null);
      },
    });
  };

  return (
    <>
      {voyages.data && voyages.data.length > 0 && <QuickStats voyages={voyages.data} />}
      <section className="card dashboard__section" aria-labelledby="my-voyages">
        <div className="dashboard__section-head">
          <h2 id="my-voyages">
            <Trans>My Voyages</Trans>
          </h2>
          <Link to="/create-voyage" className="button button--primary button--small">
            <Trans>Create Voyage</Trans>
          </Link>
        </div>
        {outcome && (
          <p className={outcome.kind === 'success' ? 'form__success' : 'form__error'} role={outcome.kind === 'success' ? 'status' : 'alert'}>
            {outcome.text}
          </p>
        )}
        {voyages.isPending ? (
          <LoadingState label={t`Loading your voyages…`} />
        ) : voyages.isError ? (
          <ErrorState
            message={
              voyages.error instanceof ApiError && voyages.error.status >= 400 && voyages.error.code !== 'HTTP_ERROR' ? voyages.error.message : t`Your voyages could not be loaded.`
            }
            onRetry={() => void voyages.refetch()}
          />
        ) : voyages.data.length === 0 ? (
          <EmptyState title={t`You have not created any voyages yet.`}>
            <p>
              <Trans>Publish a voyage with your route and dates, and crew can apply to join you.</Trans>
            </p>
            <Link to="/create-voyage" className="button button--primary">
              <Trans>Create Voyage</Trans>
            </Link>
          </EmptyState>
        ) : (
          <ul className="voyage-rows">
            {voyages.data.map((voyage) => {
              const title = voyage.title;
              const pendingCount = voyage.pending_count;
              const applicationCount = voyage.application_count;
              return (
                <li key={voyage.id} className="voyage-row">
                  <div className="voyage-row__main">
                    <h3 className="voyage-row__title">
                      <Link to={`/voyages/${voyage.id}`}>{voyage.title || t`Untitled voyage`}</Link>
                    </h3>
                    <span className={`status-badge status-badge--${voyage.status}`}>{voyageStatusLabel(voyage.status)}</span>
                    {voyage.archived && (
                      <span
                        className="status-badge status-badge--archived"
                        title={t`The departure date passed before the voyage was started: it is out of browse, kept for you and your crew.`}
                      >
                        <Trans>Archived</Trans>
                      </span>
                    )}
                    {voyage.pending_count > 0 && (
                      <span className="pending-badge">
                        <Plural value={pendingCount} one="# pending application" other="# pending applications" />
                      </span>
                    )}
                  </div>
                  <dl className="voyage-row__facts">
                    <div>
                      <dt>
                        <Trans>Route</Trans>
                      </dt>
                      <dd>{routeSummary(voyage)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Departure</Trans>
                      </dt>
                      <dd>{departureLabel(voyage.estimated_start_date)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Crew</Trans>
                      </dt>
                      <dd>
                        {voyage.current_crew_count} / {voyage.total_crew_needed}
                      </dd>
                    </div>
                  </dl>
                  {shouldSuggestCompletion(voyage) && (
                    <div className="voyage-row__suggestion" role="note">
                      <p>
                        <Trans>The return date has passed. Mark the voyage as completed so you and your crew can review each other.</Trans>
                      </p>
                      <button
                        type="button"
                        className="button button--primary button--small"
                        disabled={complete.isPending}
                        onClick={() => {
                          setOutcome(null);
                          complete.mutate(voyage.id, {
                            onSuccess: () => setOutcome({ kind: 'success', text: t`“${title}” is completed. You and your crew have been invited to review each other.` }),
                            onError: (error) =>
                              setOutcome({ kind: 'error', text: error instanceof ApiError ? error.message : t`The voyage could not be marked as completed. Please try again.` }),
                          });
                        }}
                      >
                        <Trans>
                          Mark as completed<span className="visually-hidden"> {title}</span>
                        </Trans>
                      </button>
                    </div>
                  )}
                  <div className="actions voyage-row__actions">
                    <Link to={`/voyages/${voyage.id}`} className="button button--secondary button--small">
                      <Trans>
                        View<span className="visually-hidden"> {title}</span>
                      </Trans>
                    </Link>
                    {voyage.status !== 'draft' && (
                      <Link to={`/voyages/${voyage.id}/applications`} className="button button--secondary button--small">
                        <Trans>
                          Applications ({applicationCount})<span className="visually-hidden"> for {title}</span>
                        </Trans>
                      </Link>
                    )}
                    {canEdit(voyage) && (
                      <Link to={`/voyages/${voyage.id}/edit`} className="button button--secondary button--small">
                        <Trans>
                          Edit<span className="visually-hidden"> {title}</span>
                        </Trans>
                      </Link>
                    )}
                    {canCancel(voyage) && (
                      <button
                        type="button"
                        className="button button--danger-outline button--small"
                        onClick={() => {
                          setOutcome(null);
                          setConfirming(voyage);
                        }}
                      >
                        <Trans>
                          Cancel<span className="visually-hidden"> {title}</span>
                        </Trans>
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {confirming && <CancelVoyageDialog voyage={confirming} pending={cancel.isPending} onConfirm={confirmCancel} onClose={() => setConfirming(null)} />}
    </>
  );
}
