import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { systemHealthQueryOptions, useRebuildProjection, useRefreshHealth } from '../../../api/admin-support-desk';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import './support-desk.css';

const time = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'medium' }) : '—');

/** Support → System Health: service cards from the periodic checks, recent error logs, and the projections with Rebuild. */
export function SupportSystemHealthTab() {
  const [rebuilding, setRebuilding] = useState(false);
  const health = useQuery(systemHealthQueryOptions(rebuilding));
  const refresh = useRefreshHealth();
  const rebuild = useRebuildProjection();
  const [confirm, setConfirm] = useState<string | null>(null);
  const running = health.data?.projections.some((p) => p.rebuild?.state === 'running') ?? false;
  if (running !== rebuilding) setRebuilding(running);

  if (health.isPending) return <LoadingState />;
  if (health.isError) return <ErrorState message={health.error.message} onRetry={() => void health.refetch()} />;
  const { services, error_logs: logs, projections } = health.data;

  return (
    <div className="support-tab">
      <div className="support-tab__header">
        <h2>Services</h2>
        <button type="button" className="button button--primary" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
          {refresh.isPending ? 'Checking…' : 'Refresh Status'}
        </button>
      </div>
      {refresh.error && (
        <p role="alert" className="form__error">
          {refresh.error.message}
        </p>
      )}
      {services.length === 0 ? (
        <EmptyState title="No checks recorded yet">
          <p>The worker checks every service each minute; Refresh Status checks now.</p>
        </EmptyState>
      ) : (
        <ul className="support-cards support-cards--small">
          {services.map((s) => (
            <li key={s.name} className={`card support-card support-service support-service--${s.status}`} data-service={s.name}>
              <h3>{s.name}</h3>
              <p>
                <span className={`badge badge--${s.status}`}>{s.status}</span>
              </p>
              <p className="support-figures">
                <span>{s.response_time === null ? '—' : `${s.response_time} ms`}</span>
                <span>{s.uptime === null ? 'uptime —' : `${s.uptime} % uptime (24 h)`}</span>
              </p>
              <p className="support-muted">Last check {time(s.last_check)}</p>
              {s.detail && <p className="support-muted">{s.detail}</p>}
            </li>
          ))}
        </ul>
      )}

      <h2>Projections</h2>
      <table className="support-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">State</th>
            <th scope="col">Position</th>
            <th scope="col">Lag</th>
            <th scope="col">Last error / parked</th>
            <th scope="col">Rebuild</th>
          </tr>
        </thead>
        <tbody>
          {projections.map((p) => {
            const run = p.rebuild;
            const projector = !p.name.startsWith('reactor:');
            return (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.status}</td>
                <td>{p.position ?? '—'}</td>
                <td>
                  {p.lag_events} events, {Math.round(p.lag_ms)} ms
                </td>
                <td>
                  {p.last_error ?? '—'}
                  {p.parked > 0 && <span className="support-warning"> · {p.parked} parked</span>}
                </td>
                <td>
                  {run?.state === 'running' ? (
                    <span role="status">
                      {run.mode === 'verify' ? 'Verifying' : 'Rebuilding'}: {run.events_done.toLocaleString('en-GB')} of {run.events_total.toLocaleString('en-GB')} events
                      {run.seconds_left !== null && `, ${run.seconds_left} s left`}
                    </span>
                  ) : (
                    <>
                      {run && (
                        <span className="support-muted">
                          Last {run.mode}: {run.state} {time(run.finished_at)}{' '}
                        </span>
                      )}
                      {projector && (
                        <button type="button" className="button button--secondary button--small" onClick={() => setConfirm(p.name)} aria-label={`Rebuild ${p.name}`}>
                          Rebuild
                        </button>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <h2>Recent error logs</h2>
      {logs.length === 0 ? (
        <EmptyState title="No errors logged" />
      ) : (
        <table className="support-table">
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Message</th>
              <th scope="col">Source</th>
              <th scope="col">Time</th>
              <th scope="col">Request id</th>
            </tr>
          </thead>
          <tbody>
            {logs.map((log) => (
              <tr key={log.id}>
                <td>
                  <span className={`badge badge--${log.level}`}>{log.level}</span>
                </td>
                <td className="support-log-message">{log.message}</td>
                <td>{log.source}</td>
                <td>{time(log.timestamp)}</td>
                <td>
                  <code>{log.request_id ?? '—'}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Rebuild ${confirm ?? ''}?`}
        confirmLabel="Rebuild"
        pendingLabel="Starting…"
        pending={rebuild.isPending}
        error={rebuild.error?.message ?? null}
        onConfirm={() => confirm && rebuild.mutate(confirm, { onSuccess: () => setConfirm(null) })}
      >
        <p>The whole event log is replayed into fresh tables, then swapped in at once. The site keeps serving the current rows meanwhile; progress shows in this table.</p>
      </ConfirmDialog>
    </div>
  );
}
