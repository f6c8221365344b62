import type { HealthResponse } from '@crew/contracts';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LOG_START, type SubscriptionHealth } from '../event-store/event-store.port';
import { countParkedEvents } from '../projections/parked-events';
import { loadRebuilds, type StoredRebuild } from '../projections/rebuild-progress';
import type { Platform } from '../platform';
import { ProcessRoles } from '../process-roles';
import { PLATFORM } from '../tokens';

type Check = HealthResponse['checks'][string];

const VERSION = process.env['npm_package_version'] ?? '0.1.0';
/** A projection further behind than this counts as unhealthy. */
const MAX_HEALTHY_LAG_MS = 60_000;
const SMTP_CHECK_CACHE_MS = 30_000;

const timed = async (probe: () => Promise<unknown>): Promise<Check> => {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([probe(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out after 3 s')), 3_000)))]);
    return { status: 'up', latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
};

/** The event store's check, with what its live subscriptions went through (an adapter that resubscribes says so). */
const subscriptionCheck = (ping: Check, kind: string, subscriptions: SubscriptionHealth | null): Check => {
  if (!subscriptions || (subscriptions.resubscribes === 0 && subscriptions.resubscribing === 0)) return { ...ping, detail: ping.detail ?? kind };
  const last = subscriptions.last ? `; last at ${subscriptions.last.at.toISOString()}: ${subscriptions.last.reason}` : '';
  const detail = `${ping.detail ?? kind}; ${subscriptions.resubscribing} subscription(s) waiting to resubscribe, ${subscriptions.resubscribes} resubscription(s) since start${last}`;
  return subscriptions.resubscribing > 0 ? { status: 'down', detail } : { ...ping, detail };
};

/** A rebuild's progress as health reports it; a projection that was never rebuilt or verified has none. */
const rebuildOf = (run: StoredRebuild | undefined): HealthResponse['projections'][number]['rebuild'] => {
  if (!run) return null;
  const state = run.finishedAt ? (run.phase === 'failed' ? 'failed' : 'done') : run.interrupted ? 'interrupted' : 'running';
  return {
    mode: run.mode,
    state,
    phase: run.phase,
    events_done: run.eventsDone,
    events_total: run.eventsTotal,
    events_per_second: Math.round(run.eventsPerSecond),
    seconds_left: state === 'running' && run.secondsLeft !== null ? Math.round(run.secondsLeft) : state === 'done' ? 0 : null,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    error: run.error,
  };
};

@Controller('api/health')
export class HealthController {
  private smtpCache: { at: number; check: Check } | null = null;

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly roles: ProcessRoles,
  ) {}

  /** Liveness: the process answers HTTP. No dependency is touched, so it is cheap to poll. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const { dataSource, eventStore, jobQueue, mail, config } = this.platform;
    const [database, events, redis, smtp, projections, jobs] = await Promise.all([
      timed(() => dataSource.query('SELECT 1')),
      timed(() => eventStore.ping()),
      jobQueue.mode === 'bullmq' ? timed(() => jobQueue.ping()) : Promise.resolve<Check>({ status: 'disabled', detail: 'REDIS_URL not set: jobs run in-process from PostgreSQL' }),
      this.smtpCheck(),
      projectionHealth(this.platform, this.roles),
      jobQueue.counts().catch(() => ({ waiting: 0, active: 0, failed: 0 })),
    ]);
    const subscriptions = eventStore.subscriptionHealth?.() ?? null;
    const checks: Record<string, Check> = {
      database,
      event_store: subscriptionCheck(events, eventStore.kind, subscriptions),
      redis,
      smtp: mail.kind === 'smtp' ? smtp : { status: 'disabled', detail: 'SMTP_URL not set: mail goes to the local mailbox' },
    };
    const healthy = Object.values(checks).every((c) => c.status !== 'down') && projections.every((p) => p.status !== 'error' && p.lag_ms <= MAX_HEALTHY_LAG_MS && p.parked === 0);
    void reply.status(healthy ? 200 : 503);
    return {
      status: healthy ? 'ok' : 'degraded',
      version: VERSION,
      uptime_s: Math.round(process.uptime()),
      roles: [...config.roles],
      checks,
      projections,
      jobs: { mode: jobQueue.mode, ...jobs },
    };
  }

  private async smtpCheck(): Promise<Check> {
    if (this.platform.mail.kind !== 'smtp') return { status: 'disabled' };
    if (this.smtpCache && Date.now() - this.smtpCache.at < SMTP_CHECK_CACHE_MS) return this.smtpCache.check;
    const check = await timed(() => this.platform.mail.verify());
    this.smtpCache = { at: Date.now(), check };
    return check;
  }
}

/** Position, lag, errors, parked events and rebuild progress of every projection and reactor (health and the System Health tab). */
export const projectionHealth = async (platform: Platform, roles: ProcessRoles): Promise<HealthResponse['projections']> => {
  const names = [...platform.projectors, ...roles.reactors].map((p) => p.name);
  const [rows, parked, rebuilds] = await Promise.all([
    platform.dataSource
      .query<{ name: string; log_commit: string; log_prepare: string; last_error: string | null }[]>(
        'SELECT name, log_commit, log_prepare, last_error FROM projection_checkpoints WHERE name = ANY($1)',
        [names],
      )
      .catch(() => []),
    countParkedEvents(platform.dataSource).catch(() => new Map<string, number>()),
    loadRebuilds(platform.dataSource).catch(() => new Map<string, StoredRebuild>()),
  ]);
  return Promise.all(
    names.map(async (name) => {
      const row = rows.find((r) => r.name === name);
      const position = row ? { commit: BigInt(row.log_commit), prepare: BigInt(row.log_prepare) } : LOG_START;
      const backlog = await platform.eventStore.backlogAfter(position).catch(() => ({ events: 0n, oldestRecordedAt: null }));
      const runner = roles.runners.find((r) => r.name === name);
      return {
        name,
        status: runner ? runner.state : ('remote' as const),
        position: row ? `${row.log_commit}/${row.log_prepare}` : null,
        lag_events: Number(backlog.events),
        lag_ms: backlog.oldestRecordedAt ? Math.max(0, Date.now() - backlog.oldestRecordedAt.getTime()) : 0,
        last_error: runner?.lastError ?? row?.last_error ?? null,
        parked: parked.get(name) ?? 0,
        rebuild: rebuildOf(rebuilds.get(name)),
      };
    }),
  );
};
