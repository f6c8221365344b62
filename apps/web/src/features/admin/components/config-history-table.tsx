import { CONFIG_HISTORY_PAGE_SIZE, configHistoryKeys, type ConfigHistoryKey } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import { configHistoryQueryOptions } from '../../../api/admin-config';
import { changedByOf, configKeyLabel, describeChange, formatChangeDate } from './config-format';

/** Every configuration change ever made: old → new, who, when and why; filtered by setting; paged. */
export function ConfigHistoryTable() {
  const { t } = useLingui();
  const id = useId();
  const [key, setKey] = useState<ConfigHistoryKey | null>(null);
  const [page, setPage] = useState(0);
  const history = useQuery(configHistoryQueryOptions({ key, limit: CONFIG_HISTORY_PAGE_SIZE, offset: page * CONFIG_HISTORY_PAGE_SIZE }));
  const pageNumber = page + 1;
  const total = history.data?.total ?? 0;
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / CONFIG_HISTORY_PAGE_SIZE)) : 1;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Full History</Trans>
      </h2>
      <div className="field config-history__filter">
        <label htmlFor={`${id}-key`}>
          <Trans>Setting</Trans>
        </label>
        <select
          id={`${id}-key`}
          value={key ?? ''}
          onChange={(event) => {
            setKey(event.target.value === '' ? null : (event.target.value as ConfigHistoryKey));
            setPage(0);
          }}
        >
          <option value="">{t`All settings`}</option>
          {configHistoryKeys.map((k) => (
            <option key={k} value={k}>
              {configKeyLabel(k)}
            </option>
          ))}
        </select>
      </div>
      {history.isPending ? (
        <LoadingState label={t`Loading history…`} />
      ) : history.isError ? (
        <ErrorState message={history.error.message || t`Failed to load the history`} onRetry={() => void history.refetch()} />
      ) : history.data.history.length === 0 ? (
        <EmptyState title={t`No configuration changes recorded`} />
      ) : (
        <>
          {/* Focusable, so the table scrolls sideways from the keyboard on a narrow screen. */}
          <div className="table-scroll" tabIndex={0} role="group" aria-label={t`Configuration changes table`}>
            <table className="config-history">
              <caption className="visually-hidden">
                <Trans>Configuration changes, newest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>When</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Setting</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Change</Trans>
                  </th>
                  <th scope="col">
                    <Trans>By</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Description</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.data.history.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.changed_at}>{formatChangeDate(entry.changed_at)}</time>
                    </td>
                    <td>{configKeyLabel(entry.key)}</td>
                    <td>{describeChange(entry)}</td>
                    <td>{changedByOf(entry)}</td>
                    <td>{entry.description ?? t`Configuration updated`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t`History pages`}>
            <button type="button" className="button button--secondary button--small" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
              <Trans>Previous</Trans>
            </button>
            <span>{t`Page ${pageNumber} of ${pages} · ${plural(total, { one: '# change', other: '# changes' })}`}</span>
            <button type="button" className="button button--secondary button--small" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
              <Trans>Next</Trans>
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
