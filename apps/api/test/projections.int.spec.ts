import { randomUUID } from 'node:crypto';
import { configHistoryProjector, platformConfigProjector, type Projector } from '@crew/projections';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from './support/database';
import { createDataSource } from '../src/platform/database/data-source';
import { comparePositions, type EventToAppend, type LogPosition } from '../src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { ProjectionProgress } from '../src/platform/projections/projection-progress';
import { rebuildProjection } from '../src/platform/projections/projection-rebuild';
import { ProjectionRunner, RUNNER_LOCK_NAMESPACE } from '../src/platform/projections/projection-runner';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitUntil = async (condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
};

const priceChanged = (priceGbp: number): EventToAppend => ({
  id: randomUUID(),
  type: 'SubscriptionPriceChanged',
  data: { priceGbp, previous: 30, description: `price ${priceGbp}` },
  metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
});

let database: TestDatabase;
let dataSource: DataSource;
let store: PostgresEventStore;
const runners: ProjectionRunner[] = [];

const startRunner = (projector: Pick<Projector, 'name' | 'project' | 'handles'>, options = {}) => {
  const runner = new ProjectionRunner(projector, store, dataSource, { batchSize: 50, standbyRetryMs: 100, errorBackoffMs: 100, ...options });
  runners.push(runner);
  runner.start();
  return runner;
};

const checkpoint = async (name: string): Promise<LogPosition | null> => {
  const rows: { log_commit: string; log_prepare: string }[] = await dataSource.query('SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0] ? { commit: BigInt(rows[0].log_commit), prepare: BigInt(rows[0].log_prepare) } : null;
};
const passed = async (name: string, position: LogPosition) => {
  const at = await checkpoint(name);
  return at !== null && comparePositions(at, position) >= 0;
};
const historyRows = async (): Promise<unknown[]> =>
  dataSource.query('SELECT event_id, log_commit, log_prepare, key, old_value, new_value, description, changed_at, changed_by FROM config_history ORDER BY event_id');

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = createDataSource(database.url, { poolSize: 8 });
  await dataSource.initialize();
  store = new PostgresEventStore({ connectionString: database.url });
  await store.initialize();
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

afterAll(async () => {
  await store.close();
  await dataSource.destroy();
  await database.drop();
});

describe('projection runner', () => {
  it('projects appended events and advances its checkpoint', async () => {
    startRunner(configHistoryProjector);
    const result = await store.appendToStream(`platform_config-${randomUUID()}`, [priceChanged(31), priceChanged(32)], 'no_stream');
    await waitUntil(() => passed('config-history', result.position));
    const rows: { new_value: number }[] = await dataSource.query(`SELECT new_value FROM config_history WHERE description IN ('price 31', 'price 32') ORDER BY log_prepare`);
    expect(rows.map((r) => r.new_value)).toEqual([31, 32]);
  });

  it('moves only the checkpoint past events the consumer does not handle, without calling it', async () => {
    const seen: string[] = [];
    const onlyHigh: Projector = {
      name: 'only-high-prices',
      tables: [],
      handles: (event) => Number(event.data['priceGbp']) >= 100,
      async project(events) {
        seen.push(...events.map((event) => String(event.data['priceGbp'])));
      },
    };
    const runner = startRunner(onlyHigh);
    const low = await store.appendToStream(`t-${randomUUID()}`, [priceChanged(41), priceChanged(42)], 'no_stream');
    await waitUntil(() => passed('only-high-prices', low.position));
    // Reported like any other progress, so a command waiting for this consumer is not held up.
    await waitUntil(() => runner.position !== null && comparePositions(runner.position, low.position) >= 0);
    const afterLow = seen.filter((price) => price === '41' || price === '42');
    const high = await store.appendToStream(`t-${randomUUID()}`, [priceChanged(150)], 'no_stream');
    await waitUntil(() => passed('only-high-prices', high.position));
    expect(afterLow).toEqual([]);
    expect(seen).toContain('150');
  });

  it('commits read-model rows and checkpoint together: a failing batch leaves neither', async () => {
    let failNext = true;
    const flaky: Projector = {
      name: 'flaky-history',
      tables: [],
      async project(events, manager) {
        await manager.query('CREATE TABLE IF NOT EXISTS flaky_rows (id uuid PRIMARY KEY)');
        for (const e of events)
          // No ON CONFLICT: rows left behind by a failed batch would make the retry fail.
          await manager.query('INSERT INTO flaky_rows (id) VALUES ($1)', [e.id]);
        if (failNext) {
          failNext = false;
          throw new Error('disk on fire');
        }
      },
    };
    await dataSource.query('CREATE TABLE IF NOT EXISTS flaky_rows (id uuid PRIMARY KEY)');
    const before = await store.appendToStream(`t-${randomUUID()}`, [priceChanged(40)], 'no_stream');
    const runner = startRunner(flaky);
    // The first batch fails: its rows are rolled back with the checkpoint, and the error is recorded.
    await waitUntil(async () => {
      const rows: { last_error: string | null }[] = await dataSource.query(`SELECT last_error FROM projection_checkpoints WHERE name = 'flaky-history'`);
      return rows[0]?.last_error === 'disk on fire' || (await passed('flaky-history', before.position));
    });
    // After the back-off the same events are applied exactly once.
    await waitUntil(() => passed('flaky-history', before.position));
    const all: { n: number }[] = await dataSource.query('SELECT count(*)::int AS n FROM flaky_rows');
    const log = await store.readAll({ commit: 0n, prepare: 0n }, 100_000);
    const upToCheckpoint = log.filter((e) => comparePositions(e.position, before.position) <= 0);
    expect(all[0]!.n).toBe(upToCheckpoint.length);
    expect(runner.state).toBe('running');
  });

  it('parks only the event that keeps failing, holds the later events of its stream, and applies the rest of the batch', async () => {
    const calls: number[] = [];
    const picky: Projector = {
      name: 'picky-history',
      tables: [],
      async project(events, manager) {
        calls.push(events.length);
        for (const e of events) {
          if (e.data['priceGbp'] === 666) throw new Error('cannot hold 666');
          await manager.query('INSERT INTO picky_rows (id) VALUES ($1)', [e.id]);
        }
      },
    };
    await dataSource.query('CREATE TABLE IF NOT EXISTS picky_rows (id uuid PRIMARY KEY)');
    const [good, poisoned, other] = [`t-${randomUUID()}`, `t-${randomUUID()}`, `t-${randomUUID()}`];
    // One read, so one batch: good, poison, then a later event of the poisoned stream and another good one.
    const ok1 = priceChanged(41);
    const bad = priceChanged(666);
    const behind = priceChanged(42);
    const ok2 = priceChanged(43);
    await store.appendToStream(good, [ok1], 'no_stream');
    await store.appendToStream(poisoned, [bad, behind], 'no_stream');
    const last = await store.appendToStream(other, [ok2], 'no_stream');
    startRunner(picky, { batchRetryPausesMs: [10, 10] });
    await waitUntil(() => passed('picky-history', last.position));

    const rows: { id: string }[] = await dataSource.query('SELECT id FROM picky_rows WHERE id = ANY($1)', [[ok1.id, bad.id, behind.id, ok2.id]]);
    expect(rows.map((r) => r.id).sort()).toEqual([ok1.id, ok2.id].sort());
    const parked: { event_id: string; held_behind: string | null; error: string; attempts: number }[] = await dataSource.query(
      `SELECT event_id, held_behind, error, attempts FROM parked_events WHERE consumer = 'picky-history' ORDER BY log_prepare`,
    );
    expect(parked).toEqual([
      { event_id: bad.id, held_behind: null, error: 'cannot hold 666', attempts: 4 },
      { event_id: behind.id, held_behind: bad.id, error: `held behind parked event ${bad.id} of its stream`, attempts: 0 },
    ]);
    // The failing batch was tried whole three times, then event by event.
    const firstSingle = calls.indexOf(1);
    expect(firstSingle).toBeGreaterThanOrEqual(3);
    const whole = calls.slice(firstSingle - 3, firstSingle);
    expect(whole.every((n) => n === whole[0] && n >= 4)).toBe(true);

    // Later events of the parked stream wait behind it too; other streams go on in whole batches.
    calls.length = 0;
    const later = priceChanged(44);
    await store.appendToStream(poisoned, [later], 'any');
    const after = await store.appendToStream(good, [priceChanged(45)], 'any');
    await waitUntil(() => passed('picky-history', after.position));
    const held: { event_id: string }[] = await dataSource.query(`SELECT event_id FROM parked_events WHERE consumer = 'picky-history' AND held_behind = $1 ORDER BY log_prepare`, [
      bad.id,
    ]);
    expect(held.map((r) => r.event_id)).toEqual([behind.id, later.id]);
    expect(calls.every((n) => n >= 1)).toBe(true);
  });

  it('never parks an event for a failure of the platform itself: it stops, waits and resumes from its checkpoint', async () => {
    let failures = 5;
    const shaky: Projector = {
      name: 'shaky-history',
      tables: [],
      async project(events, manager) {
        if (failures > 0) {
          failures--;
          throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
        }
        for (const e of events) await manager.query('INSERT INTO shaky_rows (id) VALUES ($1) ON CONFLICT DO NOTHING', [e.id]);
      },
    };
    await dataSource.query('CREATE TABLE IF NOT EXISTS shaky_rows (id uuid PRIMARY KEY)');
    const appended = await store.appendToStream(`t-${randomUUID()}`, [priceChanged(50)], 'no_stream');
    startRunner(shaky, { batchRetryPausesMs: [10, 10] });
    await waitUntil(() => passed('shaky-history', appended.position));
    expect(failures).toBe(0);
    const parked: unknown[] = await dataSource.query(`SELECT 1 FROM parked_events WHERE consumer = 'shaky-history'`);
    expect(parked).toEqual([]);
  });

  it('keeps one active runner per projection across processes; the standby takes over when it stops', async () => {
    const first = startRunner(platformConfigProjector);
    await waitUntil(() => first.state === 'running');
    const second = startRunner(platformConfigProjector);
    await sleep(300);
    expect(second.state).toBe('standby');
    await first.stop();
    await waitUntil(() => second.state === 'running');
    const result = await store.appendToStream(`platform_config-${randomUUID()}`, [priceChanged(55)], 'no_stream');
    await waitUntil(() => passed('platform-config', result.position));
    const rows: { value: number }[] = await dataSource.query(`SELECT value FROM platform_config WHERE key = 'subscription_price_gbp'`);
    expect(rows[0]!.value).toBe(55);
  });

  it("takes over the moment the active runner's session ends (a killed process), not at the standby's next ask, and a stopped standby stops at once", async () => {
    // Both ask again only every minute: a takeover within a second comes from waiting on the lock itself.
    const first = startRunner(platformConfigProjector, { standbyRetryMs: 60_000 });
    await waitUntil(() => first.state === 'running');
    const second = startRunner(platformConfigProjector, { standbyRetryMs: 60_000 });
    await waitUntil(() => second.state === 'standby');
    await sleep(200);
    // What a SIGKILLed process leaves: its session ends (here ended by the server), its lock goes with it.
    const [{ n }] = (await dataSource.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND classid = $1 AND objid = hashtext('platform-config')::oid AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [RUNNER_LOCK_NAMESPACE],
    )) as { n: number }[];
    expect(n).toBe(1);
    const ended = Date.now();
    await waitUntil(() => second.state === 'running', 5_000);
    expect(Date.now() - ended).toBeLessThan(2_000);
    const result = await store.appendToStream(`platform_config-${randomUUID()}`, [priceChanged(56)], 'no_stream');
    await waitUntil(() => passed('platform-config', result.position));

    // The first is now the standby, waiting on the lock for a minute: stopping it does not wait for that.
    await waitUntil(() => first.state === 'standby');
    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(2_000);
    const held: unknown[] = await dataSource.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = hashtext('platform-config')::oid AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [RUNNER_LOCK_NAMESPACE],
    );
    expect(held).toHaveLength(1);
  });

  it('refuses to advance a checkpoint that someone else moved (compare-and-set)', async () => {
    const { advanceCheckpoint, CheckpointMovedError, loadCheckpoint } = await import('../src/platform/projections/checkpoint-store');
    await loadCheckpoint(dataSource.manager, 'cas-test');
    await advanceCheckpoint(dataSource.manager, 'cas-test', { commit: 0n, prepare: 0n }, { commit: 5n, prepare: 9n });
    await expect(advanceCheckpoint(dataSource.manager, 'cas-test', { commit: 0n, prepare: 0n }, { commit: 6n, prepare: 1n })).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(await checkpoint('cas-test')).toEqual({ commit: 5n, prepare: 9n });
  });
});

describe('read-your-writes', () => {
  it('waits until the named projections pass a position, and reports false after the timeout', async () => {
    const progress = new ProjectionProgress(database.url, dataSource);
    await progress.start();
    try {
      const result = await store.appendToStream(`platform_config-${randomUUID()}`, [priceChanged(61)], 'no_stream');
      // No runner yet: the wait times out.
      await expect(progress.waitFor(result.position, ['config-history'], 200)).resolves.toBe(false);
      startRunner(configHistoryProjector); // another "process" would announce progress the same way (NOTIFY)
      await expect(progress.waitFor(result.position, ['config-history'], 2_000)).resolves.toBe(true);
      const rows: unknown[] = await dataSource.query(`SELECT 1 FROM config_history WHERE description = 'price 61'`);
      expect(rows).toHaveLength(1);
    } finally {
      await progress.stop();
    }
  });
});

describe('rebuild', () => {
  it('rebuilds rows equal to the live rows while the live runner keeps serving', async () => {
    startRunner(configHistoryProjector);
    let last: LogPosition | null = null;
    for (let i = 0; i < 20; i++) {
      last = (await store.appendToStream(`platform_config-${randomUUID()}`, [priceChanged(100 + i), priceChanged(200 + i)], 'no_stream')).position;
    }
    await waitUntil(() => passed('config-history', last!));
    const liveBefore = await historyRows();
    expect(liveBefore.length).toBeGreaterThanOrEqual(40);

    // Keep writing and reading during the rebuild: readers must never see an empty table.
    let writing = true;
    let emptySeen = false;
    const writer = (async () => {
      let i = 0;
      while (writing) {
        last = (await store.appendToStream(`platform_config-${randomUUID()}`, [priceChanged(300 + i++)], 'no_stream')).position;
        const count: { n: number }[] = await dataSource.query('SELECT count(*)::int AS n FROM config_history');
        if (count[0]!.n === 0) emptySeen = true;
      }
    })();
    const result = await rebuildProjection(configHistoryProjector, store, dataSource, { batchSize: 7 });
    writing = false;
    await writer;
    expect(result.events).toBeGreaterThanOrEqual(40);
    expect(emptySeen).toBe(false);

    // The live runner carries on from the rebuilt checkpoint; rebuilt rows equal what the live projection had built.
    await waitUntil(() => passed('config-history', last!));
    const rebuiltAndLive = await historyRows();
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await dataSource.query('DELETE FROM config_history');
    await dataSource.query(`UPDATE projection_checkpoints SET log_commit = 0, log_prepare = 0 WHERE name = 'config-history'`);
    startRunner(configHistoryProjector);
    await waitUntil(() => passed('config-history', last!));
    expect(await historyRows()).toEqual(rebuiltAndLive);
    const shadow: unknown[] = await dataSource.query(`SELECT 1 FROM pg_namespace WHERE nspname LIKE 'rebuild_%'`);
    expect(shadow).toHaveLength(0);
  });
});
