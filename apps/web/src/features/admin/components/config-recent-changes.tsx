import { CONFIG_RECENT_CHANGES } from '@crew/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { useConfigHistory } from '../api/config-get-history';
import { formatChangeDate } from './config-format';

/** Spec: the last 10 config entries, newest first: key, description, en-GB date, "by User {id}". */
export function ConfigRecentChanges() {
  const history = useConfigHistory({ key: null, limit: CONFIG_RECENT_CHANGES, offset: 0 });
  return (
    <section className="card" aria-labelledby="recent-changes-title">
      <h2 id="recent-changes-title">Recent Changes</h2>
      {history.isPending ? (
        <LoadingState label="Loading recent changes…" />
      ) : history.isError ? (
        <ErrorState message={history.error.message || 'Failed to load recent changes'} onRetry={() => void history.refetch()} />
      ) : history.data.history.length === 0 ? (
        <EmptyState title="No configuration changes recorded" />
      ) : (
        <ol className="recent-changes">
          {history.data.history.map((entry) => (
            <li key={entry.id} className="recent-changes__item">
              <code className="recent-changes__key">{entry.key}</code>
              <span className="recent-changes__description">{entry.description ?? 'Configuration updated'}</span>
              <span className="recent-changes__meta">
                <time dateTime={entry.changed_at}>{formatChangeDate(entry.changed_at)}</time> by User {entry.changed_by ?? 'Unknown'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
