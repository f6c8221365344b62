import { CONFIG_HISTORY_PAGE_SIZE, configHistoryKeys, type ConfigHistoryKey } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { configHistoryQueryOptions } from '../../../api/admin-config';
import { changedByOf, CONFIG_KEY_LABELS, describeChange, formatChangeDate } from './config-format';

/** Every configuration change ever made: old → new, who, when and why; filtered by setting; paged. */
export function ConfigHistoryTable() {
  const id = useId();
  const [key, setKey] = useState<ConfigHistoryKey | null>(null);
  const [page, setPage] = useState(0);
  const history = useQuery(configHistoryQueryOptions({ key, limit: CONFIG_HISTORY_PAGE_SIZE, offset: page * CONFIG_HISTORY_PAGE_SIZE }));
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / CONFIG_HISTORY_PAGE_SIZE)) : 1;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Full History</h2>
      <div className="field config-history__filter">
        <label htmlFor={`${id}-key`}>Setting</label>
        <select
          id={`${id}-key`}
          value={key ?? ''}
          onChange={(event) => {
            setKey(event.target.value === '' ? null : (event.target.value as ConfigHistoryKey));
            setPage(0);
          }}
        >
          <option value="">All settings</option>
          {configHistoryKeys.map((k) => (
            <option key={k} value={k}>
              {CONFIG_KEY_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      {history.isPending ? (
        <LoadingState label="Loading history…" />
      ) : history.isError ? (
        <ErrorState message={history.error.message || 'Failed to load the history'} onRetry={() => void history.refetch()} />
      ) : history.data.history.length === 0 ? (
        <EmptyState title="No configuration changes recorded" />
      ) : (
        <>
          {/* Focusable, so the table scrolls sideways from the keyboard on a narrow screen. */}
          <div className="table-scroll" tabIndex={0} role="group" aria-label="Configuration changes table">
            <table className="config-history">
              <caption className="visually-hidden">Configuration changes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Setting</th>
                  <th scope="col">Change</th>
                  <th scope="col">By</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {history.data.history.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.changed_at}>{formatChangeDate(entry.changed_at)}</time>
                    </td>
                    <td>{CONFIG_KEY_LABELS[entry.key]}</td>
                    <td>{describeChange(entry)}</td>
                    <td>{changedByOf(entry)}</td>
                    <td>{entry.description ?? 'Configuration updated'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="History pages">
            <button type="button" className="button button--secondary button--small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span>
              Page {page + 1} of {pages} · {history.data.total.toLocaleString('en-GB')} changes
            </span>
            <button type="button" className="button button--secondary button--small" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
