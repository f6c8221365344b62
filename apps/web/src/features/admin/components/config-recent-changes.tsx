import { CONFIG_RECENT_CHANGES } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { configHistoryQueryOptions } from '../../../api/admin-config';
import { changedByOf, CONFIG_KEY_LABELS, describeChange, formatChangeDate } from './config-format';

/**
 * The last 10 config entries, newest first: the setting (by its label),
 * what changed, the description, the en-GB date and who (the administrator's
 * name, "(removed)" once their account is gone).
 */
export function ConfigRecentChanges() {
  const history = useQuery(configHistoryQueryOptions({ key: null, limit: CONFIG_RECENT_CHANGES, offset: 0 }));
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
              <span className="recent-changes__key">{CONFIG_KEY_LABELS[entry.key]}</span>
              <span className="recent-changes__change">{describeChange(entry)}</span>
              <span className="recent-changes__description">{entry.description ?? 'Configuration updated'}</span>
              <span className="recent-changes__meta">
                <time dateTime={entry.changed_at}>{formatChangeDate(entry.changed_at)}</time> by {changedByOf(entry)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
