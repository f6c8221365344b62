import type { ErrorLogEntry, HealthResponse, ServiceHealth, SystemHealth } from '@crew/contracts';
import { projectionHealth } from '../../platform/health/health.controller';
import { Every, runExclusively } from '../../platform/jobs/exclusive-pass';
import type { Platform } from '../../platform/platform';
import type { ProcessRoles } from '../../platform/process-roles';

/** Advisory lock of the monitor: one process records checks at a time. */
const MONITOR_LOCK = [7310, 1] as const;
const CHECK_EVERY_MS = 60_000;
const CHECK_TIMEOUT_MS = 3_000;
/** A projection further behind than this is a warning. */
const LAG_WARNING_MS = 60_000;
/** Queued mail with nothing recorded for this long: the workers look stuck. */
const WORKERS_IDLE_WARNING_MS = 120_000;
const KEEP_CHECKS_HOURS = 48;

export interface ServiceCheck {
  readonly service: string;
  readonly status: ServiceHealth['status'];
  readonly responseMs: number | null;
  readonly detail: string | null;
}

const timed = async (service: string, probe: () => Promise<string | null | void>): Promise<ServiceCheck> => {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      probe(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS))),
    ]);
    return { service, status: 'healthy', responseMs: Math.round((performance.now() - started) * 10) / 10, detail: detail ?? null };
  } catch (error) {
    return { service, status: 'down', responseMs: Math.round(performance.now() - started), detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
};

const projectionCheck = (p: HealthResponse['projections'][number]): ServiceCheck => {
  const problems = [
    ...(p.status === 'error' ? [`error: ${p.last_error ?? 'unknown'}`] : []),
    ...(p.parked > 0 ? [`${p.parked} parked event(s)`] : []),
    ...(p.lag_ms > LAG_WARNING_MS ? [`${Math.round(p.lag_ms / 1000)} s behind`] : []),
  ];
  const status: ServiceHealth['status'] = p.status === 'error' ? 'down' : problems.length > 0 ? 'warning' : 'healthy';
  return { service: `projection: ${p.name}`, status, responseMs: null, detail: problems.join('; ') || `${p.lag_events} event(s) behind` };
};

/**
 * Checks the services the platform depends on (database, event store, Redis,
 * SMTP, job workers, every projection and reactor) and keeps each result in
 * `health_checks`, so the System Health tab can show the last check and the
 * uptime of the last 24 hours. Runs every minute in the worker role, one
 * process at a time (advisory lock); Refresh Status runs it at once.
 */
export class HealthMonitor {
  private readonly schedule: Every;

  constructor(
    private readonly platform: Platform,
    private readonly roles: ProcessRoles,
    onError: (message: string) => void,
  ) {
    this.schedule = new Every('health monitor', CHECK_EVERY_MS, () => this.tick(), onError);
  }

  async check(): Promise<{ checks: ServiceCheck[]; projections: HealthResponse['projections'] }> {
    const { dataSource, eventStore, jobQueue, mail } = this.platform;
    const projections = await projectionHealth(this.platform, this.roles);
    const checks = await Promise.all([
      timed('database', async () => void (await dataSource.query('SELECT 1'))),
      timed('event store', async () => {
        await eventStore.ping();
        return eventStore.kind;
      }),
      jobQueue.mode === 'bullmq'
        ? timed('redis', () => jobQueue.ping())
        : Promise.resolve<ServiceCheck>({ service: 'redis', status: 'disabled', responseMs: null, detail: 'REDIS_URL not set: jobs run in-process from PostgreSQL' }),
      mail.kind === 'smtp'
        ? timed('smtp', () => mail.verify())
        : Promise.resolve<ServiceCheck>({ service: 'smtp', status: 'disabled', responseMs: null, detail: 'SMTP_URL not set: mail goes to the local mailbox' }),
      this.workersCheck(),
    ]);
    return { checks: [...checks, ...projections.map(projectionCheck)], projections };
  }

  private async workersCheck(): Promise<ServiceCheck> {
    const { jobQueue, dataSource } = this.platform;
    const check = await timed('job workers', async () => {
      const counts = await jobQueue.counts();
      const [last] = await dataSource.query<{ at: Date | null }[]>('SELECT max(created_at) AS at FROM email_messages');
      const idleMs = last?.at ? Date.now() - last.at.getTime() : Number.POSITIVE_INFINITY;
      const detail = `${jobQueue.mode}: ${counts.waiting} waiting, ${counts.active} active, ${counts.failed} failed`;
      if (counts.waiting > 0 && counts.active === 0 && idleMs > WORKERS_IDLE_WARNING_MS) throw new StuckWorkers(`${detail}; nothing sent for ${Math.round(idleMs / 60_000)} min`);
      return detail;
    });
    return check.status === 'down' && check.detail?.startsWith(`${jobQueue.mode}:`) ? { ...check, status: 'warning' } : check;
  }

  /** Checks now and records the results. */
  async record(): Promise<ServiceCheck[]> {
    const { checks } = await this.check();
    const { dataSource } = this.platform;
    await dataSource.query(
      `INSERT INTO health_checks (service, status, response_ms, detail)
       SELECT * FROM unnest($1::text[], $2::text[], $3::real[], $4::text[])`,
      [checks.map((c) => c.service), checks.map((c) => c.status), checks.map((c) => c.responseMs), checks.map((c) => c.detail?.slice(0, 1000) ?? null)],
    );
    await dataSource.query(`DELETE FROM health_checks WHERE checked_at < now() - make_interval(hours => ${KEEP_CHECKS_HOURS})`);
    return checks;
  }

  /** One scheduled pass, skipped while another process holds the monitor's lock. */
  async tick(): Promise<boolean> {
    return runExclusively(
      this.platform.dataSource,
      MONITOR_LOCK,
      async () => {
        await this.record();
        return true;
      },
      false,
    );
  }

  /** The System Health tab: latest check and 24-hour uptime of each service, recent error logs, projections. */
  async report(): Promise<SystemHealth> {
    const { dataSource } = this.platform;
    const [rows, logs, projections] = await Promise.all([
      dataSource.query<{ service: string; status: ServiceHealth['status']; response_ms: number | null; detail: string | null; checked_at: Date; up: number; total: number }[]>(
        `SELECT DISTINCT ON (h.service) h.service, h.status, h.response_ms, h.detail, h.checked_at, s.up, s.total
           FROM health_checks h
           JOIN (SELECT service, count(*) FILTER (WHERE status <> 'down')::int AS up, count(*) FILTER (WHERE status <> 'disabled')::int AS total
                   FROM health_checks WHERE checked_at > now() - interval '24 hours' GROUP BY service) s ON s.service = h.service
          ORDER BY h.service, h.checked_at DESC`,
      ),
      dataSource.query<{ id: string; level: ErrorLogEntry['level']; message: string; source: string; request_id: string | null; created_at: Date }[]>(
        'SELECT id::text, level, message, source, request_id, created_at FROM error_logs ORDER BY id DESC LIMIT 50',
      ),
      projectionHealth(this.platform, this.roles),
    ]);
    const order = (name: string): number => {
      const fixed = ['database', 'event store', 'redis', 'smtp', 'job workers'].indexOf(name);
      return fixed >= 0 ? fixed : 10;
    };
    const services = rows
      .sort((a, b) => order(a.service) - order(b.service) || a.service.localeCompare(b.service))
      .map((row): ServiceHealth => ({
        name: row.service,
        status: row.status,
        response_time: row.response_ms === null ? null : Math.round(row.response_ms * 10) / 10,
        uptime: row.total > 0 ? Math.round((1000 * row.up) / row.total) / 10 : null,
        last_check: row.checked_at.toISOString(),
        detail: row.detail,
      }));
    return {
      services,
      error_logs: logs.map((log) => ({
        id: log.id,
        level: log.level,
        message: log.message,
        source: log.source,
        timestamp: log.created_at.toISOString(),
        request_id: log.request_id,
      })),
      projections,
      checked_at: new Date().toISOString(),
    };
  }

  start(): void {
    this.schedule.start();
  }

  stop(): Promise<void> {
    return this.schedule.stop();
  }
}

class StuckWorkers extends Error {}
