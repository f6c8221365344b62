import { CONFIG_RECENT_CHANGES } from '@crew/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { configHistoryQueryOptions } from '../../../api/admin-config';
import { changedByOf, configKeyLabel, describeChange, formatChangeDate } from './config-format';

/**
 * The last 10 config entries, newest first: the setting (by its label),
 * what changed, the description, the en-GB date and who (the administrator's
 * name, "(removed)" once their account is gone).
 */
export function ConfigRecentChanges() {
  const { t } = useLingui();
  const history = useQuery(configHistoryQueryOptions({ key: null, limit: CONFIG_RECENT_CHANGES, offset: 0 }));
  return (
    <section className="card" aria-labelledby="recent-changes-title">
      <h2 id="recent-changes-title">
        <Trans>Recent Changes</Trans>
      </h2>
      {history.isPending ? (
        <LoadingState label={t`Loading recent changes…`} />
      ) : history.isError ? (
        <ErrorState message={history.error.message || t`Failed to load recent changes`} onRetry={() => void history.refetch()} />
      ) : history.data.history.length === 0 ? (
        <EmptyState title={t`No configuration changes recorded`} />
      ) : (
        <ol className="recent-changes">
          {history.data.history.map((entry) => {
            const when = formatChangeDate(entry.changed_at);
            const who = changedByOf(entry);
            return (
              <li key={entry.id} className="recent-changes__item">
                <span className="recent-changes__key">{configKeyLabel(entry.key)}</span>
                <span className="recent-changes__change">{describeChange(entry)}</span>
                <span className="recent-changes__description">{entry.description ?? t`Configuration updated`}</span>
                <span className="recent-changes__meta">
                  <Trans>
                    <time dateTime={entry.changed_at}>{when}</time> by {who}
                  </Trans>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
