import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from './support/database';
import { sleep, waitUntil } from './support/smtp-server';
import { createDataSource } from '../src/platform/database/data-source';
import type { EventToAppend, LogPosition, RecordedEvent, Subscription } from '../src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { DecryptingEventStore } from '../src/platform/privacy/decrypting-event-store';
import type { PersonalDataCipher } from '../src/platform/privacy/personal-data-cipher';
import { CheckpointAdvances, CheckpointMovedError } from '../src/platform/projections/checkpoint-store';

/*
 * A process runs twenty log consumers (the projectors and reactors): they share the log's reads, the opening of
 * each event, and the advances of checkpoints over events they ignore, instead of one query (or statement) each.
 */

const noticeOf = (n: number): EventToAppend => ({
  id: randomUUID(),
  type: 'SubscriptionPriceChanged',
  data: { priceGbp: n, previous: 30, description: `price ${n}` },
  metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
});

let database: TestDatabase;
let dataSource: DataSource;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = createDataSource(database.url, { poolSize: 4 });
  await dataSource.initialize();
  store = new PostgresEventStore({ connectionString: database.url });
  await store.initialize();
});

afterAll(async () => {
  await store.close();
  await dataSource.destroy();
  await database.drop();
});

const head = async (): Promise<LogPosition> => {
  const [row] = await dataSource.query<{ c: string; p: string }[]>(
    'SELECT transaction_id::text AS c, position AS p FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  );
  return row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : { commit: 0n, prepare: 0n };
};

describe('the subscriptions of one process', () => {
  it('share their reads of the log: twenty subscriptions at the head cost about one read per append, not twenty', async () => {
    await store.appendToStream(`subscription_price-${randomUUID()}`, [noticeOf(1)], 'no_stream');
    const after = await head();
    const received = Array.from({ length: 20 }, () => [] as string[]);
    const subscriptions: Subscription[] = received.map((seen) =>
      store.subscribeToAll({
        after,
        onEvent: (event) => {
          seen.push(event.id);
          return Promise.resolve();
        },
      }),
    );
    try {
      await sleep(300); // every subscription has read the (empty) head and sleeps
      const reads = jest.spyOn(store, 'readAll');
      const appended: string[] = [];
      for (let n = 0; n < 5; n++) {
        const event = noticeOf(n);
        appended.push(event.id);
        await store.appendToStream(`subscription_price-${randomUUID()}`, [event], 'no_stream');
        await waitUntil('every subscription has the event', () => received.every((seen) => seen.length === n + 1), 15_000);
      }
      // Each subscription saw each event once, in order.
      for (const seen of received) expect(seen).toEqual(appended);
      // One read finds the event, one finds nothing more, per append (a few more where a wake-up comes late).
      expect(reads.mock.calls.length).toBeLessThanOrEqual(5 * 4);
      reads.mockRestore();
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    }
  });

  it('miss nothing when appends arrive while a shared read is under way', async () => {
    const after = await head();
    const received = Array.from({ length: 12 }, () => [] as string[]);
    const subscriptions = received.map((seen) =>
      store.subscribeToAll({
        after,
        onEvent: async (event) => {
          seen.push(event.id);
          // Slow consumers: reads begin at different moments, with appends landing between them.
          if (Math.random() < 0.3) await sleep(1);
        },
      }),
    );
    try {
      const appended: string[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          for (let n = 0; n < 25; n++) {
            const event = noticeOf(writer * 100 + n);
            await store.appendToStream(`subscription_price-${randomUUID()}`, [event], 'no_stream');
            appended.push(event.id);
          }
        }),
      );
      await waitUntil('every subscription has every event', () => received.every((seen) => seen.length >= appended.length), 15_000);
      const inLogOrder = (await store.readAll(after, 1_000)).map((event) => event.id);
      expect(new Set(inLogOrder)).toEqual(new Set(appended));
      for (const seen of received) expect(seen).toEqual(inLogOrder);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    }
  });

  it('open each event once for all of them', async () => {
    const opened: string[] = [];
    const cipher = {
      openEvents: (events: readonly RecordedEvent[]) => {
        opened.push(...events.map((event) => event.id));
        return Promise.resolve(events.map((event) => ({ ...event, data: { ...event.data, opened: true } })));
      },
    } as unknown as PersonalDataCipher;
    const decrypting = new DecryptingEventStore(store, cipher);
    const after = await head();
    const received = Array.from({ length: 10 }, () => [] as RecordedEvent[]);
    const subscriptions = received.map((seen) =>
      decrypting.subscribeToAll({
        after,
        onEvent: (event) => {
          seen.push(event);
          return Promise.resolve();
        },
      }),
    );
    try {
      await sleep(300);
      const event = noticeOf(7);
      await store.appendToStream(`subscription_price-${randomUUID()}`, [event], 'no_stream');
      await waitUntil('every subscription has the event', () => received.every((seen) => seen.length === 1), 15_000);
      for (const [only] of received) expect([only?.id, only?.data['opened']]).toEqual([event.id, true]);
      expect(opened.filter((id) => id === event.id)).toHaveLength(1);
    } finally {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    }
  });
});

describe('checkpoint advances over ignored events', () => {
  const names = Array.from({ length: 6 }, (_, index) => `advances-${index}`);
  const at = (n: number): LogPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
  const positions = async (): Promise<Record<string, string>> =>
    Object.fromEntries(
      (await dataSource.query<{ name: string; at: string }[]>(`SELECT name, log_commit || '/' || log_prepare AS at FROM projection_checkpoints WHERE name = ANY($1)`, [names])).map(
        (row) => [row.name, row.at],
      ),
    );

  beforeEach(async () => {
    await dataSource.query('DELETE FROM projection_checkpoints WHERE name = ANY($1)', [names]);
    await dataSource.query(`INSERT INTO projection_checkpoints (name, log_commit, log_prepare) SELECT unnest($1::text[]), 10, 10`, [names]);
  });

  it('go together in one statement, each with its notice', async () => {
    const listener = new Client({ connectionString: database.url });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (message) => notices.push(message.payload ?? ''));
    await listener.query('LISTEN projection_progress');
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    const statements = jest.spyOn(runner.manager, 'query');
    try {
      const advances = new CheckpointAdvances();
      await Promise.all(names.map((name, index) => advances.advance(runner.manager, name, at(10), at(20 + index))));
      expect(statements).toHaveBeenCalledTimes(1);
      expect(await positions()).toEqual(Object.fromEntries(names.map((name, index) => [name, `${20 + index}/${20 + index}`])));
      await waitUntil('every notice is heard', () => notices.length === names.length, 15_000);
      expect(notices.sort()).toEqual(names.map((name, index) => `${name} ${20 + index}/${20 + index}`).sort());
    } finally {
      statements.mockRestore();
      await runner.release();
      await listener.end();
    }
  });

  it('refuse a checkpoint that moved elsewhere, and still advance the others', async () => {
    await dataSource.query(`UPDATE projection_checkpoints SET log_commit = 15, log_prepare = 15 WHERE name = $1`, [names[0]]);
    const advances = new CheckpointAdvances();
    const outcomes = await Promise.allSettled(names.map((name) => advances.advance(dataSource.manager, name, at(10), at(30))));
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: expect.any(CheckpointMovedError) });
    expect(outcomes.slice(1).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(await positions()).toEqual(Object.fromEntries(names.map((name, index) => [name, index === 0 ? '15/15' : '30/30'])));
  });

  it('are not held up by a checkpoint a rebuild holds: that one waits for it alone', async () => {
    const rebuild = dataSource.createQueryRunner();
    await rebuild.connect();
    await rebuild.startTransaction();
    await rebuild.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [names[0]]);
    try {
      const advances = new CheckpointAdvances();
      let heldMoved = false;
      const held = advances.advance(dataSource.manager, names[0]!, at(10), at(40)).then(() => (heldMoved = true));
      await Promise.all(names.slice(1).map((name) => advances.advance(dataSource.manager, name, at(10), at(40))));
      expect(heldMoved).toBe(false);
      expect((await positions())[names[1]!]).toBe('40/40');
      await rebuild.commitTransaction();
      await held;
      expect((await positions())[names[0]!]).toBe('40/40');
    } finally {
      if (rebuild.isTransactionActive) await rebuild.rollbackTransaction();
      await rebuild.release();
    }
  });
});
