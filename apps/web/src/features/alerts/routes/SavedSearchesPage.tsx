import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { savedSearchesQueryOptions } from '../../../api/saved-searches';
import { SavedSearchItem } from '../components/SavedSearchItem';
import { WatchingList } from '../components/WatchingList';
import '../alerts.css';

/** /saved-searches: the member's saved searches with their new voyages and alerts, and the full voyages they watch. */
export function SavedSearchesPage() {
  const { t } = useLingui();
  usePageMeta(t`Saved searches`, t`Your saved voyage searches, their email alerts and the full voyages you watch.`);
  const query = useQuery(savedSearchesQueryOptions());
  const [notice, setNotice] = useState<string | null>(null);

  const count = query.data?.saved_searches.length ?? 0;
  const limit = query.data?.limit ?? 0;

  return (
    <div className="page saved-searches-page">
      <PageHeader
        title={t`Saved searches`}
        lead={t`Open a search to see its voyages on the map, choose how often we email you about new ones, and follow full voyages until a berth opens.`}
      />
      <p className="saved-searches-page__notice" role="status">
        {notice}
      </p>
      <section className="saved-searches-page__section" aria-labelledby="saved-searches-heading">
        <div className="saved-searches-page__heading">
          <h2 id="saved-searches-heading">
            <Trans>Your searches</Trans>
          </h2>
          {query.data && (
            <p className="muted saved-searches-page__count">
              <Trans>
                {count} of {limit} saved searches
              </Trans>
            </p>
          )}
        </div>
        {query.isPending ? (
          <LoadingState label={t`Loading your saved searches…`} />
        ) : query.isError ? (
          <ErrorState message={t`Could not load your saved searches. Please try again.`} onRetry={() => void query.refetch()} />
        ) : count === 0 ? (
          <EmptyState title={t`You have no saved searches yet.`}>
            <p>
              <Trans>
                On <Link to="/voyages">Voyages</Link>, set the filters you want (and move the map to the waters you would like to sail), then choose “Save this search”. We email
                you when new voyages match it.
              </Trans>
            </p>
          </EmptyState>
        ) : (
          <>
            {count >= limit && (
              <p className="saved-searches-page__limit" role="note">
                <Trans>You have reached the limit of {limit} saved searches. Delete one to save another.</Trans>
              </p>
            )}
            <ul className="saved-searches">
              {query.data.saved_searches.map((search) => (
                <SavedSearchItem key={search.id} search={search} onDeleted={(name) => setNotice(t`Saved search “${name}” deleted.`)} />
              ))}
            </ul>
          </>
        )}
      </section>
      <section className="saved-searches-page__section" aria-labelledby="watching-heading">
        <h2 id="watching-heading">
          <Trans>Watching</Trans>
        </h2>
        <WatchingList />
      </section>
    </div>
  );
}
