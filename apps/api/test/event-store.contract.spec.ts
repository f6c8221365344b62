import { randomUUID } from 'node:crypto';
import { execSync } from 'node:child_process';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from './support/database';
import { EventStoreDbEventStore } from '../src/platform/event-store/eventstoredb-event-store';
import { comparePositions, WrongExpectedRevisionError, type EventStore, type EventToAppend, type RecordedEvent } from '../src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';

/**
 * One contract, every adapter. An adapter supplies the store and a way to
 * append inside a transaction that is held open for a while and then
 * committed or rolled back (EventStoreDB has no such transaction: a
 * "rolled back" append there is simply never sent).
 */
interface AdapterUnderTest {
  readonly store: EventStore;
  appendSlowly(streamId: string, events: EventToAppend[], holdMs: number, rollback: boolean): Promise<boolean>;
  close(): Promise<void>;
}

interface AdapterFactory {
  readonly name: string;
  readonly skipReason: string | null;
  create(): Promise<AdapterUnderTest>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const event = (type = 'Tested', data: Record<string, number | string> = {}): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
});

let database: TestDatabase | null = null;

const postgresAdapter: AdapterFactory = {
  name: 'postgres',
  skipReason: null,
  async create() {
    database ??= await createTestDatabase();
    const url = database.url;
    const store = new PostgresEventStore({ connectionString: url, poolSize: 12 });
    await store.initialize();
    return {
      store,
      async appendSlowly(streamId, events, holdMs, rollback) {
        const client = new Client({ connectionString: url });
        await client.connect();
        try {
          await client.query('BEGIN');
          await client.query('SELECT * FROM append_to_stream($1, $2, NULL, $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])', [
            streamId,
            'any',
            events.map((e) => e.id),
            events.map((e) => e.type),
            events.map((e) => JSON.stringify(e.data)),
            events.map((e) => JSON.stringify(e.metadata)),
          ]);
          await sleep(holdMs);
          await client.query(rollback ? 'ROLLBACK' : 'COMMIT');
          return !rollback;
        } finally {
          await client.end();
        }
      },
      close: () => store.close(),
    };
  },
};

const dockerAvailable = (): boolean => {
  try {
    execSync('docker info', { stdio: 'ignore', timeout: 3_000 });
    return true;
  } catch {
    return false;
  }
};

const esdbUrl = process.env['EVENTSTORE_URL']?.startsWith('esdb') ? process.env['EVENTSTORE_URL'] : undefined;
const esdbDocker = !esdbUrl && dockerAvailable();
const eventStoreDbAdapter: AdapterFactory = {
  name: 'eventstoredb',
  skipReason: esdbUrl || esdbDocker ? null : 'EVENTSTORE_URL is not an esdb:// URL and no Docker engine is available for testcontainers',
  async create() {
    let url = esdbUrl;
    let stopContainer: (() => Promise<void>) | null = null;
    if (!url) {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:25.0.1')
        .withEnvironment({ KURRENTDB_INSECURE: 'true', KURRENTDB_MEM_DB: 'true' })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113))
        .start();
      url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
      stopContainer = async () => void (await container.stop());
    }
    const store = new EventStoreDbEventStore(url);
    return {
      store,
      async appendSlowly(streamId, events, holdMs, rollback) {
        await sleep(holdMs);
        if (rollback) return false;
        await store.appendToStream(streamId, events, 'any');
        return true;
      },
      close: async () => {
        await store.close();
        await stopContainer?.();
      },
    };
  },
};

const adapters = [postgresAdapter, eventStoreDbAdapter];

afterAll(async () => {
  await database?.drop();
});

// An adapter that cannot run here is reported as skipped, with the reason, in Jest's own summary.
for (const factory of adapters) {
  const title = `event store contract: ${factory.name}${factory.skipReason ? ` (skipped: ${factory.skipReason})` : ''}`;
  (factory.skipReason === null ? describe : describe.skip)(title, () => {
    let adapter: AdapterUnderTest;
    let store: EventStore;
    /** Each test works in its own streams; the global log is shared and only read after a marker. */
    const stream = () => `test-${randomUUID()}`;

    beforeAll(async () => {
      adapter = await factory.create();
      store = adapter.store;
    });
    afterAll(async () => {
      await adapter.close();
    });

    it('reads back its own appends with revisions, data and metadata', async () => {
      const id = stream();
      const events = [event('First', { n: 1 }), event('Second', { n: 2 })];
      const result = await store.appendToStream(id, events, 'no_stream');
      expect(result.nextExpectedRevision).toBe(1n);
      const read = await store.readStream(id);
      expect(read.map((e) => [e.id, e.type, e.revision, e.data])).toEqual([
        [events[0]!.id, 'First', 0n, { n: 1 }],
        [events[1]!.id, 'Second', 1n, { n: 2 }],
      ]);
      expect(read[0]!.metadata).toEqual(events[0]!.metadata);
      expect(comparePositions(read[1]!.position, result.position)).toBe(0);
      expect(typeof read[0]!.position.commit).toBe('bigint');
    });

    it('answers an empty list for a stream that does not exist', async () => {
      await expect(store.readStream(stream())).resolves.toEqual([]);
    });

    it('refuses a wrong expected revision', async () => {
      const id = stream();
      await store.appendToStream(id, [event()], 'no_stream');
      await expect(store.appendToStream(id, [event()], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.appendToStream(id, [event()], 5n)).rejects.toMatchObject({ actual: 0n });
      await expect(store.appendToStream(stream(), [event()], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.appendToStream(stream(), [event()], 0n)).rejects.toMatchObject({ actual: 'no_stream' });
      await expect(store.appendToStream(id, [event()], 0n)).resolves.toMatchObject({ nextExpectedRevision: 1n });
      await expect(store.appendToStream(id, [event()], 'any')).resolves.toMatchObject({ nextExpectedRevision: 2n });
    });

    it('lets exactly one of many concurrent appenders at the same revision win', async () => {
      const id = stream();
      await store.appendToStream(id, [event()], 'no_stream');
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => store.appendToStream(id, [event('Raced')], 0n)));
      const winners = outcomes.filter((o) => o.status === 'fulfilled');
      const losers = outcomes.filter((o) => o.status === 'rejected');
      expect(winners).toHaveLength(1);
      for (const loser of losers) expect((loser as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0n, 1n]);
    });

    it('treats a repeated append of the same event ids as done, without a copy', async () => {
      const id = stream();
      const events = [event(), event()];
      const first = await store.appendToStream(id, events, 'no_stream');
      const again = await store.appendToStream(id, events, 'no_stream');
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('keeps global order consistent with each stream order under concurrent writers', async () => {
      const marker = await store.appendToStream(stream(), [event('Marker')], 'no_stream');
      const streams = Array.from({ length: 4 }, stream);
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let i = 0; i < 15; i++) {
            await store.appendToStream(streams[(writer + i) % streams.length]!, [event('Ordered', { writer, i })], 'any');
          }
        }),
      );
      // Page through the log; an empty page before all 120 arrived means an older transaction
      // elsewhere in the cluster still holds the watermark back, so wait for it (bounded).
      const log: RecordedEvent[] = [];
      let after = marker.position;
      const deadline = Date.now() + 10_000;
      while (log.filter((e) => streams.includes(e.streamId)).length < 120 && Date.now() < deadline) {
        const page = await store.readAll(after, 37);
        if (page.length === 0) {
          await sleep(20);
          continue;
        }
        log.push(...page);
        after = page[page.length - 1]!.position;
      }
      const ours = log.filter((e) => streams.includes(e.streamId));
      expect(ours).toHaveLength(120);
      for (let i = 1; i < log.length; i++) expect(comparePositions(log[i - 1]!.position, log[i]!.position)).toBeLessThan(0);
      for (const id of streams) {
        const revisions = ours.filter((e) => e.streamId === id).map((e) => e.revision);
        expect(revisions).toEqual([...revisions].sort((a, b) => (a < b ? -1 : 1)));
        expect(revisions[0]).toBe(0n);
      }
    });

    it('reads the global log strictly after a position, at most maxCount events', async () => {
      const id = stream();
      const first = await store.appendToStream(id, [event('A')], 'no_stream');
      await store.appendToStream(id, [event('B'), event('C')], 0n);
      // The global log shows a commit once no older transaction is still open anywhere
      // in the cluster (the watermark), so under parallel load it may take a moment.
      let page = await store.readAll(first.position, 1);
      for (let waited = 0; page.length === 0 && waited < 5_000; waited += 20) {
        await sleep(20);
        page = await store.readAll(first.position, 1);
      }
      expect(page).toHaveLength(1);
      expect(page[0]!.type).toBe('B');
      expect(comparePositions(page[0]!.position, first.position)).toBeGreaterThan(0);
    });

    it('catches a subscriber up from a position, then delivers live events in order', async () => {
      const id = stream();
      const start = await store.appendToStream(id, [event('Before')], 'no_stream');
      await store.appendToStream(id, [event('Caught up')], 0n);
      const seen: string[] = [];
      const subscription = store.subscribeToAll({
        after: start.position,
        onEvent: (e) => {
          if (e.streamId === id) seen.push(e.type);
        },
      });
      try {
        await store.appendToStream(id, [event('Live')], 1n);
        const deadline = Date.now() + 5_000;
        while (seen.length < 2 && Date.now() < deadline) await sleep(10);
        expect(seen).toEqual(['Caught up', 'Live']);
      } finally {
        await subscription.close();
      }
    });

    it('chaos: 10 writers, random delays, some rolled back; a live subscriber gets exactly the committed events once', async () => {
      const marker = await store.appendToStream(stream(), [event('ChaosMarker')], 'no_stream');
      const streams = Array.from({ length: 3 }, stream);
      const delivered: string[] = [];
      const subscription = store.subscribeToAll({
        after: marker.position,
        onEvent: (e) => {
          if (streams.includes(e.streamId)) delivered.push(e.id);
        },
      });
      const committed = new Set<string>();
      const rolledBack = new Set<string>();
      try {
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            for (let i = 0; i < 12; i++) {
              const batch = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => event('Chaos'));
              const rollback = Math.random() < 0.25;
              const kept = await adapter.appendSlowly(streams[Math.floor(Math.random() * streams.length)]!, batch, Math.floor(Math.random() * 25), rollback);
              for (const e of batch) (kept ? committed : rolledBack).add(e.id);
            }
          }),
        );
        const deadline = Date.now() + 15_000;
        while (delivered.length < committed.size && Date.now() < deadline) await sleep(20);
        await sleep(300); // anything delivered twice or late would arrive by now
        expect(rolledBack.size).toBeGreaterThan(0);
        expect(new Set(delivered).size).toBe(delivered.length);
        expect(new Set(delivered)).toEqual(committed);
        // The subscriber saw the log in the same order a reader sees it.
        const log = await store.readAll(marker.position, 10_000);
        expect(log.filter((e) => streams.includes(e.streamId)).map((e) => e.id)).toEqual(delivered);
      } finally {
        await subscription.close();
      }
    });
  });
}

describe('PostgreSQL log order', () => {
  it('orders transaction ids as numbers, not text, across a digit boundary (99 before 100)', async () => {
    const testDb = await createTestDatabase();
    const store = new PostgresEventStore({ connectionString: testDb.url });
    try {
      await store.initialize();
      const client = new Client({ connectionString: testDb.url });
      await client.connect();
      // Both ids are far below any live transaction, so the watermark admits them.
      // The row with the larger id gets the smaller position, as a late commit would.
      for (const [xid, revision] of [
        ['100', 0],
        ['99', 1],
      ] as const) {
        await client.query(
          `INSERT INTO events (transaction_id, event_id, stream_id, revision, event_type, data, metadata)
           VALUES ($1::xid8, $2, 'order-check', $3, 'Checked', '{}', '{}')`,
          [xid, randomUUID(), revision],
        );
      }
      await client.end();
      const seen: RecordedEvent[] = [];
      let after = { commit: 0n, prepare: 0n };
      for (;;) {
        const [next] = await store.readAll(after, 1);
        if (!next) break;
        seen.push(next);
        after = next.position;
      }
      expect(seen.map((e) => e.position.commit)).toEqual([99n, 100n]);
      expect(await store.headPosition()).toEqual(seen[1]!.position);
    } finally {
      await store.close();
      await testDb.drop();
    }
  });
});

describe('PostgreSQL read horizon', () => {
  const event = (): EventToAppend => ({
    id: randomUUID(),
    type: 'Checked',
    data: {},
    metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
  });

  it("is not held back by a long transaction in another database, but is by one in the log's own", async () => {
    const [ours, other] = [await createTestDatabase(), await createTestDatabase()];
    const store = new PostgresEventStore({ connectionString: ours.url, poolSize: 2 });
    const elsewhere = new Client({ connectionString: other.url });
    const here = new Client({ connectionString: ours.url });
    try {
      await store.initialize();
      await Promise.all([elsewhere.connect(), here.connect()]);
      // A transaction that holds a transaction id (a bulk load, a long report) in another database of the same server.
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()');
      const first = await store.appendToStream('horizon-1', [event()], 'any');
      expect((await store.readAll({ commit: 0n, prepare: 0n }, 10)).map((e) => e.streamId)).toEqual(['horizon-1']);
      expect(await store.headPosition()).toEqual(first.position);

      // One in the log's own database may still append below what is visible: readers wait for it.
      await here.query('BEGIN');
      await here.query('SELECT pg_current_xact_id()');
      await store.appendToStream('horizon-2', [event()], 'any');
      expect((await store.readAll(first.position, 10)).map((e) => e.streamId)).toEqual([]);
      await here.query('COMMIT');
      expect((await store.readAll(first.position, 10)).map((e) => e.streamId)).toEqual(['horizon-2']);
      await elsewhere.query('COMMIT');
    } finally {
      await Promise.all([elsewhere.end().catch(() => undefined), here.end().catch(() => undefined)]);
      await store.close();
      await Promise.all([ours.drop(), other.drop()]);
    }
  });
});

describe('PostgreSQL appends batched across streams', () => {
  let testDb: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // One append in flight: whatever is sent meanwhile leaves as one transaction.
    store = new PostgresEventStore({ connectionString: testDb.url, poolSize: 4, appendsInFlight: 1 });
    await store.initialize();
  });
  afterAll(async () => {
    await store.close();
    await testDb.drop();
  });

  const settle = <T>(promise: Promise<T>): Promise<T | { error: unknown }> => promise.catch((error: unknown) => ({ error }));

  it('keeps each stream expected revision, conflict and duplicate to its own append', async () => {
    const [a, b, c, d] = Array.from({ length: 4 }, () => `batched-${randomUUID()}`) as [string, string, string, string];
    await store.appendToStream(a, [event()], 'no_stream');
    await store.appendToStream(b, [event()], 'no_stream');
    const repeated = [event('Repeated'), event('Repeated')];
    const before = { ...store.appendStats };
    const outcomes = await Promise.all([
      settle(store.appendToStream(`batched-${randomUUID()}`, [event()], 'any')), // goes alone; the rest queue behind it
      settle(store.appendToStream(a, [event('A1'), event('A2')], 0n)),
      settle(store.appendToStream(b, [event('B1')], 5n)),
      settle(store.appendToStream(c, repeated, 'no_stream')),
      settle(store.appendToStream(a, [event('Late')], 0n)), // the batch's earlier append to a moved it on
      settle(store.appendToStream(c, repeated, 'no_stream')), // the same ids again: done, no copy
      settle(store.appendToStream(d, [event()], 'stream_exists')),
      settle(store.appendToStream(a, [event('A3')], 2n)),
    ]);
    expect(outcomes[1]).toMatchObject({ nextExpectedRevision: 2n });
    expect((outcomes[2] as { error: unknown }).error).toMatchObject({ streamId: b, actual: 0n });
    expect((outcomes[2] as { error: unknown }).error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(outcomes[3]).toMatchObject({ nextExpectedRevision: 1n });
    expect((outcomes[4] as { error: unknown }).error).toMatchObject({ streamId: a, actual: 2n });
    expect(outcomes[5]).toEqual(outcomes[3]);
    expect((outcomes[6] as { error: unknown }).error).toMatchObject({ streamId: d, actual: 'no_stream' });
    expect(outcomes[7]).toMatchObject({ nextExpectedRevision: 3n });
    // At most two transactions: perhaps the first append alone, the others together.
    expect(store.appendStats.transactions - before.transactions).toBeLessThanOrEqual(2);

    expect((await store.readStream(a)).map((e) => [e.type, e.revision])).toEqual([
      ['Tested', 0n],
      ['A1', 1n],
      ['A2', 2n],
      ['A3', 3n],
    ]);
    expect(await store.readStream(b)).toHaveLength(1);
    expect(await store.readStream(c)).toHaveLength(2);
    expect(await store.readStream(d)).toEqual([]);
    // The batch is one transaction: its events share a commit, in the order they were appended.
    const batched = [...(await store.readStream(a)).slice(1), ...(await store.readStream(c))];
    expect(new Set(batched.map((e) => e.position.commit)).size).toBe(1);
  });

  it('decides a large batch of distinct new streams and ids in one statement with each its own outcome', async () => {
    const [a, b, c, d, e] = Array.from({ length: 5 }, () => `distinct-${randomUUID()}`) as [string, string, string, string, string];
    await store.appendToStream(a, [event(), event()], 'no_stream');
    await store.appendToStream(b, [event()], 'no_stream');
    const before = { ...store.appendStats };
    const outcomes = await Promise.all([
      settle(store.appendToStream(`distinct-${randomUUID()}`, [event()], 'any')), // goes alone; the rest queue behind it
      settle(store.appendToStream(a, [event('A2'), event('A3'), event('A4')], 1n)),
      settle(store.appendToStream(b, [event('B1')], 'no_stream')),
      settle(store.appendToStream(c, [event('C0')], 'stream_exists')),
      settle(store.appendToStream(d, [event('D0'), event('D1')], 'no_stream')),
      settle(store.appendToStream(e, [event('E0')], 'any')),
      // More appends: a batch this large is written in one statement.
      ...Array.from({ length: 4 }, () => settle(store.appendToStream(`distinct-${randomUUID()}`, [event('F0')], 'no_stream'))),
    ]);
    expect(outcomes[1]).toMatchObject({ nextExpectedRevision: 4n });
    expect((outcomes[2] as { error: unknown }).error).toMatchObject({ streamId: b, actual: 0n });
    expect((outcomes[3] as { error: unknown }).error).toMatchObject({ streamId: c, actual: 'no_stream' });
    expect(outcomes[4]).toMatchObject({ nextExpectedRevision: 1n });
    expect(outcomes[5]).toMatchObject({ nextExpectedRevision: 0n });
    expect(store.appendStats.transactions - before.transactions).toBeLessThanOrEqual(2);
    expect((await store.readStream(a)).map((x) => [x.type, x.revision])).toEqual([
      ['Tested', 0n],
      ['Tested', 1n],
      ['A2', 2n],
      ['A3', 3n],
      ['A4', 4n],
    ]);
    expect(await store.readStream(c)).toEqual([]);
    const written = [...(await store.readStream(a)).slice(2), ...(await store.readStream(d)), ...(await store.readStream(e))];
    expect(new Set(written.map((x) => x.position.commit)).size).toBe(1);
    // In log order, each stream's events keep their revision order, and the batch keeps the order it was given.
    // (Positions, not readAll: the log is read only below the oldest open transaction of the whole server.)
    const inLogOrder = [...written].sort((x, y) => comparePositions(x.position, y.position));
    expect(inLogOrder.map((x) => x.type)).toEqual(['A2', 'A3', 'A4', 'D0', 'D1', 'E0']);
    expect(outcomes.slice(6)).toEqual(Array.from({ length: 4 }, () => expect.objectContaining({ nextExpectedRevision: 0n })));
    expect((outcomes[1] as { position: { prepare: bigint } }).position.prepare).toBe(written[2]!.position.prepare);
  });

  it('fails only the append that breaks the batch; the others are written on their own', async () => {
    const good = `batched-${randomUUID()}`;
    const used = event();
    await store.appendToStream(`batched-${randomUUID()}`, [used], 'no_stream');
    const twice = event();
    const fallbacks = store.appendStats.batchFallbacks;
    const outcomes = await Promise.all([
      settle(store.appendToStream(`batched-${randomUUID()}`, [event()], 'any')),
      settle(store.appendToStream(good, [event('Kept')], 'no_stream')),
      settle(store.appendToStream(`batched-${randomUUID()}`, [twice, twice], 'no_stream')), // one id twice: the batch's transaction fails
      settle(store.appendToStream(`batched-${randomUUID()}`, [{ ...event(), id: used.id }], 'no_stream')), // an id of another stream
    ]);
    expect(store.appendStats.batchFallbacks).toBe(fallbacks + 1);
    expect(outcomes[1]).toMatchObject({ nextExpectedRevision: 0n });
    expect((outcomes[2] as { error: unknown }).error).toMatchObject({ code: '23505' });
    expect((outcomes[3] as { error: unknown }).error).toMatchObject({ code: '23505' });
    expect((await store.readStream(good)).map((e) => e.type)).toEqual(['Kept']);
  });
});
