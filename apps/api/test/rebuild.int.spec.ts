import { randomUUID } from 'node:crypto';
import { allProjectors, configHistoryProjector, type Projector } from '@crew/projections';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateEventLog, loadGeneratorPorts } from '../src/cli/event-log-generator';
import { recordAdminAction } from '../src/modules/admin/admin-audit-log';
import { comparePositions, LOG_START, type LogPosition } from '../src/platform/event-store/event-store.port';
import { rebuildProjection, verifyProjection } from '../src/platform/projections/projection-rebuild';
import { ProjectionRunner } from '../src/platform/projections/projection-runner';
import { loadRebuilds, type RebuildProgress } from '../src/platform/projections/rebuild-progress';
import type { Application } from '../src/application';
import { insertUsers, startTestApp, type TestApp } from './support/harness';

/**
 * Rebuild equals live, for every projection the platform runs (allProjectors,
 * so a projection added later is held to it too): a realistic log decided by
 * the aggregates is projected by the live runner in small batches, then
 * rebuilt in large batches and event by event; a checksum of every row of the
 * projection's tables must not move. A projector that reads anything besides
 * its events (the clock, another table) is caught here.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const runners: ProjectionRunner[] = [];

/** md5 of every row of every table of the projection (generated columns included), in a fixed order. */
const checksum = async (projector: Pick<Projector, 'tables'>): Promise<string> => {
  const sums: string[] = [];
  for (const table of projector.tables) {
    const [row] = (await runtime.dataSource.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM ${table} t`)) as {
      n: number;
      sum: string;
    }[];
    sums.push(`${table}:${row!.n}:${row!.sum}`);
  }
  return sums.join(' ');
};

const checkpoint = async (name: string): Promise<LogPosition> => {
  const rows: { log_commit: string; log_prepare: string }[] = await runtime.dataSource.query('SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0] ? { commit: BigInt(rows[0].log_commit), prepare: BigInt(rows[0].log_prepare) } : LOG_START;
};

const head = async (): Promise<LogPosition> => {
  const [row] = (await runtime.dataSource.query('SELECT transaction_id::text AS c, position::text AS p FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1')) as {
    c: string;
    p: string;
  }[];
  return { commit: BigInt(row!.c), prepare: BigInt(row!.p) };
};

const waitUntilCaughtUp = async (name: string, timeoutMs = 60_000): Promise<void> => {
  const target = await head();
  const deadline = Date.now() + timeoutMs;
  while (comparePositions(await checkpoint(name), target) < 0) {
    if (Date.now() > deadline) throw new Error(`${name} did not catch up`);
    await sleep(50);
  }
};

const startRunner = (projector: Pick<Projector, 'name' | 'project'>): ProjectionRunner => {
  const runner = new ProjectionRunner(projector, runtime.eventStore, runtime.dataSource, { batchSize: 50, standbyRetryMs: 100, errorBackoffMs: 100 });
  runners.push(runner);
  runner.start();
  return runner;
};

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-rebuild-test' }, projectors: false });
  ({ runtime, app } = testApp);
  const generated = await generateEventLog(runtime.dataSource, { events: 1_500, ports: await loadGeneratorPorts(runtime.dataSource, 300), seed: 12 });
  expect(generated.byType['ApplicationAccepted']).toBeGreaterThan(0);
  expect(generated.byType['VoyageRouteChanged']).toBeGreaterThan(0);
  expect(generated.byType['VoyageCompleted']).toBeGreaterThan(0);
  expect(generated.byType['CrewAgreementIssued']).toBeGreaterThan(0);
  expect(generated.byType['FloatPlanFiled']).toBeGreaterThan(0);
  expect(generated.byType['CheckInRecorded']).toBeGreaterThan(0);
  expect(generated.byType['AccessListUserRemoved'] ?? 0).toBeGreaterThanOrEqual(0);
  expect(generated.byType['SubscriptionActivated']).toBeGreaterThan(0);
  expect(generated.byType['AdminActionRecorded']).toBeGreaterThan(0);
  // Two skippers suspended by an administrator, one of them reinstated since: their voyages are out of browse, and the
  // voyage summaries keep the one still suspended.
  const skippers = await runtime.dataSource.query<{ id: string }[]>(`SELECT DISTINCT data->>'skipperId' AS id FROM events WHERE event_type = 'VoyagePublished' ORDER BY 1 LIMIT 2`);
  expect(skippers).toHaveLength(2);
  const metadata = { userId: randomUUID(), correlationId: randomUUID() };
  for (const [index, skipper] of skippers.entries()) {
    await recordAdminAction(runtime.repository, metadata, { subjectType: 'user', subjectId: skipper.id, action: 'user.suspended', reason: 'Rebuild check' });
    if (index === 1) await recordAdminAction(runtime.repository, metadata, { subjectType: 'user', subjectId: skipper.id, action: 'user.reinstated', reason: '' });
  }
  // Subscriptions are kept only for members with an account, as in the running platform.
  const subscribers = await runtime.dataSource.query<{ id: string }[]>(`SELECT DISTINCT substr(stream_id, 14) AS id FROM events WHERE stream_id LIKE 'subscription-%'`);
  await insertUsers(
    runtime.dataSource,
    subscribers.map(({ id }) => ({ id, email: `${id}@generated.test`, firstName: 'Generated', lastName: 'Member', type: 'crew', verified: false })),
  );
  for (const projector of allProjectors) startRunner(projector);
  for (const projector of allProjectors) await waitUntilCaughtUp(projector.name);
}, 120_000);

afterAll(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await testApp.close();
});

describe('every projection rebuilds into exactly its live rows', () => {
  it.each(allProjectors.map((projector) => [projector.name, projector] as const))(
    '%s: live (batches of 50) = rebuilt (batches of 20,000) = rebuilt event by event',
    async (_name, projector) => {
      const live = await checksum(projector);
      expect(live).not.toMatch(/:0:/);
      const rebuilt = await rebuildProjection(projector, runtime.eventStore, runtime.dataSource);
      expect(rebuilt.parked).toBe(0);
      expect(await checksum(projector)).toBe(live);
      await rebuildProjection(projector, runtime.eventStore, runtime.dataSource, { batchSize: 1 });
      expect(await checksum(projector)).toBe(live);
      const verified = await verifyProjection(projector, runtime.eventStore, runtime.dataSource);
      expect(verified).toMatchObject({ equal: true, parkedOnlyLive: [], parkedOnlyRebuilt: [] });
    },
    240_000,
  );

  it('catches a projector that reads something besides its events (here the clock)', async () => {
    const clockReading: Projector = {
      name: 'config-history',
      tables: configHistoryProjector.tables,
      async project(events, manager) {
        await configHistoryProjector.project(events, manager);
        await manager.query('UPDATE config_history SET changed_at = clock_timestamp() WHERE event_id = ANY($1::uuid[])', [events.map((e) => e.id)]);
      },
    };
    const live = await checksum(clockReading);
    await rebuildProjection(clockReading, runtime.eventStore, runtime.dataSource);
    expect(await checksum(clockReading)).not.toBe(live);
    const verified = await verifyProjection(clockReading, runtime.eventStore, runtime.dataSource);
    expect(verified.equal).toBe(false);
    await rebuildProjection(configHistoryProjector, runtime.eventStore, runtime.dataSource);
  });
});

describe('verify', () => {
  it('reports live rows that differ from a replay, with their keys, and changes nothing; a rebuild repairs them', async () => {
    const projector = allProjectors.find((p) => p.name === 'voyage-summaries')!;
    const [victim] = (await runtime.dataSource.query('SELECT voyage_id FROM voyage_summaries ORDER BY voyage_id LIMIT 1')) as { voyage_id: string }[];
    await runtime.dataSource.query(`UPDATE voyage_summaries SET title = 'Edited by hand' WHERE voyage_id = $1`, [victim!.voyage_id]);
    const tampered = await checksum(projector);

    const result = await verifyProjection(projector, runtime.eventStore, runtime.dataSource);
    expect(result.equal).toBe(false);
    expect(result.tables).toEqual([
      expect.objectContaining({ table: 'voyage_summaries', onlyLive: 1, onlyRebuilt: 1, keys: [victim!.voyage_id] }),
      expect.objectContaining({ table: 'voyage_owner_suspensions', onlyLive: 0, onlyRebuilt: 0 }),
    ]);
    expect(await checksum(projector)).toBe(tampered);
    const shadows: unknown[] = await runtime.dataSource.query(`SELECT 1 FROM pg_namespace WHERE nspname LIKE 'verify_%' OR nspname LIKE 'rebuild_%'`);
    expect(shadows).toHaveLength(0);

    await rebuildProjection(projector, runtime.eventStore, runtime.dataSource);
    expect((await verifyProjection(projector, runtime.eventStore, runtime.dataSource)).equal).toBe(true);
  });
});

describe('operating a rebuild', () => {
  it('reports events done of the total, rate and time left, to the caller and in /api/health', async () => {
    const projector = allProjectors.find((p) => p.name === 'applications')!;
    const seen: RebuildProgress[] = [];
    const result = await rebuildProjection(projector, runtime.eventStore, runtime.dataSource, { batchSize: 200, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThan(5);
    const replaying = seen.filter((p) => p.phase === 'replaying' && p.events > 0);
    expect(replaying.map((p) => p.events)).toEqual([...replaying.map((p) => p.events)].sort((a, b) => a - b));
    expect(replaying.every((p) => p.total >= p.events && p.eventsPerSecond > 0 && p.secondsLeft !== null)).toBe(true);
    expect(seen[seen.length - 1]).toMatchObject({ phase: 'done', events: result.events, total: result.events, secondsLeft: 0 });

    const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/health' });
    const health = response.json<{ projections: { name: string; rebuild: Record<string, unknown> | null }[] }>();
    expect(health.projections.find((p) => p.name === 'applications')!.rebuild).toMatchObject({
      mode: 'rebuild',
      state: 'done',
      events_done: result.events,
      events_total: result.events,
      seconds_left: 0,
    });
  });

  it('lets the other projections keep serving while one is rebuilt', async () => {
    const projector = allProjectors.find((p) => p.name === 'voyage-summaries')!;
    let rebuilding = true;
    const rebuild = rebuildProjection(projector, runtime.eventStore, runtime.dataSource, { batchSize: 20 }).finally(() => (rebuilding = false));
    await sleep(200);
    const appended = await runtime.eventStore.appendToStream(
      'platform_config-global',
      [
        {
          id: randomUUID(),
          type: 'RolloutPercentageChanged',
          data: { percentage: 42, previous: 0 },
          metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
        },
      ],
      'any',
    );
    while (comparePositions(await checkpoint('config-history'), appended.position) < 0) await sleep(20);
    expect(rebuilding).toBe(true);
    await rebuild;
    await waitUntilCaughtUp('voyage-summaries');
    expect((await verifyProjection(projector, runtime.eventStore, runtime.dataSource)).equal).toBe(true);
  });

  it('starts an interrupted rebuild again and finishes it correctly; health says it was interrupted meanwhile', async () => {
    const projector = allProjectors.find((p) => p.name === 'voyage-summaries')!;
    const live = await checksum(projector);
    const interrupted = rebuildProjection(projector, runtime.eventStore, runtime.dataSource, {
      batchSize: 100,
      onBatch: (events) => {
        if (events >= 300) throw new Error('the process was stopped');
      },
    });
    await expect(interrupted).rejects.toThrow('the process was stopped');
    expect(await checksum(projector)).toBe(live);
    expect((await loadRebuilds(runtime.dataSource)).get('voyage-summaries')).toMatchObject({ phase: 'failed', error: 'the process was stopped', interrupted: false });

    // A killed process leaves its run unfinished and its lock released: health calls it interrupted.
    await runtime.dataSource.query(`UPDATE projection_rebuilds SET finished_at = NULL, phase = 'replaying' WHERE name = 'voyage-summaries'`);
    const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/health' });
    const health = response.json<{ projections: { name: string; rebuild: Record<string, unknown> | null }[] }>();
    expect(health.projections.find((p) => p.name === 'voyage-summaries')!.rebuild).toMatchObject({ state: 'interrupted', seconds_left: null });

    const again = await rebuildProjection(projector, runtime.eventStore, runtime.dataSource);
    expect(again.events).toBeGreaterThan(300);
    expect(await checksum(projector)).toBe(live);
    expect((await loadRebuilds(runtime.dataSource)).get('voyage-summaries')).toMatchObject({ phase: 'done', interrupted: false });
  });
});
