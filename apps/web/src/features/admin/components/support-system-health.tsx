import type { ErrorLogEntry, ServiceHealth, SystemHealth } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { systemHealthQueryOptions, useRebuildProjection, useRefreshHealth } from '../../../api/admin-support-desk';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/States';
import './support-desk.css';
import { formatNumber } from '../../../lib/format';
import { formatMoment } from './admin-format';

const time = (iso: string | null): string => (iso ? formatMoment(new Date(iso), { dateStyle: 'short', timeStyle: 'medium' }) : '—');

type Projection = SystemHealth['projections'][number];
type Run = NonNullable<Projection['rebuild']>;

const SERVICE_STATUS = {
  healthy: msg({ message: 'healthy', context: 'service status' }),
  warning: msg({ message: 'warning', context: 'service status' }),
  down: msg({ message: 'down', context: 'service status' }),
  disabled: msg({ message: 'disabled', context: 'service status' }),
} satisfies Record<ServiceHealth['status'], MessageDescriptor>;

const LOG_LEVEL = {
  error: msg({ message: 'error', context: 'log level' }),
  warning: msg({ message: 'warning', context: 'log level' }),
} satisfies Record<ErrorLogEntry['level'], MessageDescriptor>;

const PROJECTION_STATUS = {
  starting: msg({ message: 'starting', context: 'projection status' }),
  standby: msg({ message: 'standby', context: 'projection status' }),
  running: msg({ message: 'running', context: 'projection status' }),
  error: msg({ message: 'error', context: 'projection status' }),
  stopped: msg({ message: 'stopped', context: 'projection status' }),
  remote: msg({ message: 'remote', context: 'projection status' }),
} satisfies Record<Projection['status'], MessageDescriptor>;

const RUN_STATE = {
  running: msg({ message: 'running', context: 'rebuild state' }),
  interrupted: msg({ message: 'interrupted', context: 'rebuild state' }),
  done: msg({ message: 'done', context: 'rebuild state' }),
  failed: msg({ message: 'failed', context: 'rebuild state' }),
} satisfies Record<Run['state'], MessageDescriptor>;

/** Support → System Health: service cards from the periodic checks, recent error logs, and the projections with Rebuild. */
export function SupportSystemHealthTab() {
  const { t, i18n } = useLingui();
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
  const confirming = confirm ?? '';

  return (
    <div className="support-tab">
      <div className="support-tab__header">
        <h2>
          <Trans>Services</Trans>
        </h2>
        <button type="button" className="button button--primary" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
          {refresh.isPending ? t`Checking…` : t`Refresh Status`}
        </button>
      </div>
      {refresh.error && (
        <p role="alert" className="form__error">
          {refresh.error.message}
        </p>
      )}
      {services.length === 0 ? (
        <EmptyState title={t`No checks recorded yet`}>
          <p>
            <Trans>The worker checks every service each minute; Refresh Status checks now.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="support-cards support-cards--small">
          {services.map((s) => {
            const responseTime = s.response_time;
            const uptime = s.uptime;
            const lastCheck = time(s.last_check);
            return (
              <li key={s.name} className={`card support-card support-service support-service--${s.status}`} data-service={s.name}>
                <h3>{s.name}</h3>
                <p>
                  <span className={`badge badge--${s.status}`}>{i18n._(SERVICE_STATUS[s.status])}</span>
                </p>
                <p className="support-figures">
                  <span>{responseTime === null ? '—' : t`${responseTime} ms`}</span>
                  <span>{uptime === null ? t`uptime —` : t`${uptime} % uptime (24 h)`}</span>
                </p>
                <p className="support-muted">{t`Last check ${lastCheck}`}</p>
                {s.detail && <p className="support-muted">{s.detail}</p>}
              </li>
            );
          })}
        </ul>
      )}

      <h2>
        <Trans>Projections</Trans>
      </h2>
      <table className="support-table">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name</Trans>
            </th>
            <th scope="col">
              <Trans>State</Trans>
            </th>
            <th scope="col">
              <Trans>Position</Trans>
            </th>
            <th scope="col">
              <Trans>Lag</Trans>
            </th>
            <th scope="col">
              <Trans>Last error / parked</Trans>
            </th>
            <th scope="col">
              <Trans>Rebuild</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {projections.map((p) => {
            const run = p.rebuild;
            const projector = !p.name.startsWith('reactor:');
            const name = p.name;
            const lagEvents = p.lag_events;
            const lagMs = Math.round(p.lag_ms);
            const parked = p.parked;
            return (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{i18n._(PROJECTION_STATUS[p.status])}</td>
                <td>{p.position ?? '—'}</td>
                <td>{t`${plural(lagEvents, { one: '# event', other: '# events' })}, ${lagMs} ms`}</td>
                <td>
                  {p.last_error ?? '—'}
                  {parked > 0 && <span className="support-warning"> · {t`${parked} parked`}</span>}
                </td>
                <td>
                  {run?.state === 'running' ? (
                    <span role="status">
                      <RunProgress run={run} />
                    </span>
                  ) : (
                    <>
                      {run && (
                        <span className="support-muted">
                          <LastRun run={run} />{' '}
                        </span>
                      )}
                      {projector && (
                        <button type="button" className="button button--secondary button--small" onClick={() => setConfirm(p.name)} aria-label={t`Rebuild ${name}`}>
                          <Trans>Rebuild</Trans>
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

      <h2>
        <Trans>Recent error logs</Trans>
      </h2>
      {logs.length === 0 ? (
        <EmptyState title={t`No errors logged`} />
      ) : (
        <table className="support-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Level</Trans>
              </th>
              <th scope="col">
                <Trans>Message</Trans>
              </th>
              <th scope="col">
                <Trans>Source</Trans>
              </th>
              <th scope="col">
                <Trans>Time</Trans>
              </th>
              <th scope="col">
                <Trans>Request id</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {logs.map((log) => (
              <tr key={log.id}>
                <td>
                  <span className={`badge badge--${log.level}`}>{i18n._(LOG_LEVEL[log.level])}</span>
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
        title={t`Rebuild ${confirming}?`}
        confirmLabel={t`Rebuild`}
        pendingLabel={t`Starting…`}
        pending={rebuild.isPending}
        error={rebuild.error?.message ?? null}
        onConfirm={() => confirm && rebuild.mutate(confirm, { onSuccess: () => setConfirm(null) })}
      >
        <p>
          <Trans>
            The whole event log is replayed into fresh tables, then swapped in at once. The site keeps serving the current rows meanwhile; progress shows in this table.
          </Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** "Rebuilding: 1,200 of 5,000 events, 12 s left". */
function RunProgress({ run }: { run: Run }) {
  const { t } = useLingui();
  const done = formatNumber(run.events_done);
  const total = run.events_total;
  const secondsLeft = run.seconds_left;
  const progress =
    run.mode === 'verify'
      ? t`Verifying: ${done} of ${plural(total, { one: '# event', other: '# events' })}`
      : t`Rebuilding: ${done} of ${plural(total, { one: '# event', other: '# events' })}`;
  return (
    <>
      {progress}
      {secondsLeft !== null && `, ${t`${secondsLeft} s left`}`}
    </>
  );
}

/** "Last rebuild: done 26/11/2026, 10:30:00". */
function LastRun({ run }: { run: Run }) {
  const { t, i18n } = useLingui();
  const state = i18n._(RUN_STATE[run.state]);
  const finished = time(run.finished_at);
  return <>{run.mode === 'verify' ? t`Last verify: ${state} ${finished}` : t`Last rebuild: ${state} ${finished}`}</>;
}
