import type { VoyageWatch } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { ApiError } from '../../../lib/api-client';
import { voyageStatusLabel } from '../../../lib/code-labels';
import { formatDate } from '../../../lib/format';
import { useWatchVoyage, voyageWatchesQueryOptions } from '../../../api/saved-searches';

/** One watched voyage: where and when it sails, whether a berth is open now, and Stop watching. */
function WatchedVoyage({ watch }: { readonly watch: VoyageWatch }) {
  const { t } = useLingui();
  const stop = useWatchVoyage(watch.voyage_id);
  const title = watch.title;
  const port = watch.departure_port;
  const date = formatDate(watch.estimated_start_date);
  const since = formatDate(watch.watching_since);
  const status = voyageStatusLabel(watch.status as Parameters<typeof voyageStatusLabel>[0]);
  const crew = watch.current_crew_count;
  const needed = watch.total_crew_needed;
  const berthOpen = watch.status !== 'full' && crew < needed && (watch.status === 'planning' || watch.status === 'active');
  return (
    <li className="watched-voyage">
      <div className="watched-voyage__main">
        <h3 className="watched-voyage__title">
          <Link to={`/voyages/${encodeURIComponent(watch.voyage_id)}`}>{title}</Link>
        </h3>
        <p className="muted">{port ? t`From ${port}, departing ${date}` : t`Departing ${date}`}</p>
        <p>
          <Trans>
            {status} · {crew} of {needed} crew · watching since {since}
          </Trans>
        </p>
        {berthOpen && (
          <p className="watched-voyage__open">
            <Trans>A berth is open: you can apply now.</Trans>
          </p>
        )}
        {stop.isError && (
          <p className="form__error" role="alert">
            {stop.error instanceof ApiError && stop.error.message ? stop.error.message : t`Could not stop watching. Please try again.`}
          </p>
        )}
      </div>
      <button type="button" className="button button--secondary button--small" disabled={stop.isPending} onClick={() => stop.mutate(false)}>
        {stop.isPending ? t`Stopping…` : t`Stop watching`}
        <span className="visually-hidden"> {title}</span>
      </button>
    </li>
  );
}

/** "Watching": the full voyages the member asked to hear about when a berth opens. */
export function WatchingList() {
  const { t } = useLingui();
  const query = useQuery(voyageWatchesQueryOptions());
  if (query.isPending) return <LoadingState label={t`Loading the voyages you watch…`} />;
  if (query.isError) return <ErrorState message={t`Could not load the voyages you watch. Please try again.`} onRetry={() => void query.refetch()} />;
  if (query.data.watches.length === 0) {
    return (
      <EmptyState title={t`You are not watching any voyage.`}>
        <p>
          <Trans>On a full voyage, choose “Tell me when a berth opens” and we email you once if a place frees up.</Trans>
        </p>
      </EmptyState>
    );
  }
  return (
    <ul className="watched-voyages">
      {query.data.watches.map((watch) => (
        <WatchedVoyage key={watch.voyage_id} watch={watch} />
      ))}
    </ul>
  );
}
