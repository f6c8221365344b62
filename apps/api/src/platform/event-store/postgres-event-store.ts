import { EventEmitter } from 'node:events';
import { Client, Pool, type PoolClient, type PoolConfig } from 'pg';
import { PooledPgClient } from '../database/pooled-pg-client';
import type { JsonObject } from '@crew/domain';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type LogPosition,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.port';
import { EVENT_STORE_SCHEMA_SQL } from './postgres-event-store.schema';
import type { SnapshotStore, StoredSnapshot } from './snapshot-store';

interface EventRow {
  position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  revision: string;
  event_type: string;
  data: JsonObject;
  metadata: EventMetadata;
  recorded_at: Date;
}

// Positions travel as text (bigint-safe); ORDER BY must name events.transaction_id, or it sorts the text alias.
const EVENT_COLUMNS = 'position, transaction_id::text AS transaction_id, event_id, stream_id, revision, event_type, data, metadata, recorded_at';

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  streamId: row.stream_id,
  type: row.event_type,
  revision: BigInt(row.revision),
  position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.position) },
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
});

const SUBSCRIPTION_BATCH = 500;
/** Fallback poll when no NOTIFY arrives (for example a lost listener connection). */
const IDLE_POLL_MS = 1_000;
/** Re-read quickly while events exist that an unfinished transaction still hides. */
const HELD_BACK_POLL_MS = 5;

export interface PostgresEventStoreOptions {
  readonly connectionString: string;
  readonly poolSize?: number;
  /**
   * Appends sent to PostgreSQL at once; appends that arrive while that many
   * are in flight wait and go together, as one transaction (see
   * append_to_streams). Default 2: on a busy machine fewer, larger
   * transactions go faster than many small ones, and a second lane keeps one
   * append that waits on a stream lock from holding up all the others.
   */
  readonly appendsInFlight?: number;
}

interface AppendRow {
  outcome: 'appended' | 'duplicate' | 'conflict' | 'ids_elsewhere';
  last_revision: string | null;
  last_transaction_id: string | null;
  last_position: string | null;
}

interface QueuedAppend {
  readonly streamId: string;
  readonly events: readonly EventToAppend[];
  readonly expectedRevision: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

/** At most this many appends share one transaction. */
const MAX_APPENDS_PER_BATCH = 64;

const expectedArgs = (expected: ExpectedRevision): [kind: string, revision: string | null] => (typeof expected === 'bigint' ? ['exact', expected.toString()] : [expected, null]);

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly pool: Pool;
  private readonly wake = new EventEmitter();
  private listener: Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private closed = false;
  private readonly appendQueue: QueuedAppend[] = [];
  private appendsRunning = 0;
  private readonly appendsInFlight: number;
  /** Transactions written and appends they carried: appends / transactions is what batching gains. */
  readonly appendStats = { transactions: 0, appends: 0, batchFallbacks: 0 };
  /** Notices of appends heard so far: a read under way is shared only while no notice has come since it began. */
  private notices = 0;
  /** Reads of the log under way for subscriptions, by what they ask (see shared). */
  private readonly sharedReads = new Map<string, { readonly notices: number; readonly result: Promise<unknown> }>();

  constructor(private readonly options: PostgresEventStoreOptions) {
    const poolSize = options.poolSize ?? 10;
    this.appendsInFlight = Math.max(1, Math.min(poolSize, options.appendsInFlight ?? 2));
    const config: PoolConfig = {
      connectionString: options.connectionString,
      max: poolSize,
      application_name: 'crew-event-store',
      Client: PooledPgClient,
    };
    this.pool = new Pool(config);
    this.pool.on('error', () => undefined); // idle client errors surface on the next query
    this.wake.setMaxListeners(0);
    this.wake.on('appended', () => this.notices++);
  }

  /** Creates the log table and append function if missing (idempotent). */
  async initialize(): Promise<void> {
    const client = await this.pool.connect();
    try {
      // Serialise concurrent initialisers (several processes starting together).
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(7300, 1)');
      await client.query(EVENT_STORE_SCHEMA_SQL);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Appends go out at once while fewer than `appendsInFlight` are running;
   * the rest queue and leave together, several streams in one transaction, as
   * soon as one finishes (group commit across streams). Each append keeps its
   * own expected revision and its own answer: a conflict on one stream fails
   * only that append.
   */
  appendToStream(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    return new Promise<AppendResult>((resolve, reject) => {
      this.appendQueue.push({ streamId, events, expectedRevision, resolve, reject });
      this.sendAppends();
    });
  }

  private sendAppends(): void {
    while (this.appendsRunning < this.appendsInFlight && this.appendQueue.length > 0) {
      const batch = this.appendQueue.splice(0, MAX_APPENDS_PER_BATCH);
      this.appendsRunning++;
      void this.appendBatch(batch).finally(() => {
        this.appendsRunning--;
        this.sendAppends();
      });
    }
  }

  private async appendBatch(batch: readonly QueuedAppend[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [QueuedAppend];
      await this.appendAlone(only.streamId, only.events, only.expectedRevision).then(only.resolve, only.reject);
      return;
    }
    let rows: (AppendRow & { item: number })[];
    try {
      ({ rows } = await this.pool.query<AppendRow & { item: number }>(
        'SELECT * FROM append_to_streams($1::text[], $2::text[], $3::bigint[], $4::int[], $5::uuid[], $6::text[], $7::jsonb[], $8::jsonb[])',
        [
          batch.map((a) => a.streamId),
          batch.map((a) => expectedArgs(a.expectedRevision)[0]),
          batch.map((a) => expectedArgs(a.expectedRevision)[1]),
          batch.map((a) => a.events.length),
          batch.flatMap((a) => a.events.map((e) => e.id)),
          batch.flatMap((a) => a.events.map((e) => e.type)),
          batch.flatMap((a) => a.events.map((e) => JSON.stringify(e.data))),
          batch.flatMap((a) => a.events.map((e) => JSON.stringify(e.metadata))),
        ],
      ));
    } catch {
      // One bad append must not fail the others: each is sent again on its own (event ids make that safe).
      this.appendStats.batchFallbacks++;
      await Promise.all(batch.map((a) => this.appendAlone(a.streamId, a.events, a.expectedRevision).then(a.resolve, a.reject)));
      return;
    }
    this.appendStats.transactions++;
    this.appendStats.appends += rows.filter((row) => row.outcome === 'appended').length;
    await Promise.all(
      batch.map(async (append, index) => {
        const row = rows.find((r) => r.item === index + 1);
        try {
          if (!row) throw new Error('append_to_streams returned nothing for an append');
          // Its error is raised, with its own code, by the single-stream path.
          if (row.outcome === 'ids_elsewhere') append.resolve(await this.appendAlone(append.streamId, append.events, append.expectedRevision));
          else append.resolve(this.appendResult(append.streamId, append.expectedRevision, row));
        } catch (error) {
          append.reject(error);
        }
      }),
    );
  }

  private async appendAlone(streamId: string, events: readonly EventToAppend[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const [kind, revision] = expectedArgs(expectedRevision);
    const { rows } = await this.pool.query<AppendRow>('SELECT * FROM append_to_stream($1, $2, $3, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])', [
      streamId,
      kind,
      revision,
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
    ]);
    const last = rows[rows.length - 1];
    if (!last) throw new Error('append_to_stream returned nothing');
    if (last.outcome === 'appended') {
      this.appendStats.transactions++;
      this.appendStats.appends++;
    }
    return this.appendResult(streamId, expectedRevision, last);
  }

  private appendResult(streamId: string, expectedRevision: ExpectedRevision, row: AppendRow): AppendResult {
    if (row.outcome === 'conflict') {
      const actual = BigInt(row.last_revision ?? -1);
      throw new WrongExpectedRevisionError(streamId, expectedRevision, actual < 0n ? 'no_stream' : actual);
    }
    if (row.last_revision === null || row.last_transaction_id === null || row.last_position === null) {
      throw new Error(`append to ${streamId} answered ${row.outcome} without a position`);
    }
    return {
      nextExpectedRevision: BigInt(row.last_revision),
      position: { commit: BigInt(row.last_transaction_id), prepare: BigInt(row.last_position) },
    };
  }

  async readStream(streamId: string, fromRevision = 0n): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision`, [
      streamId,
      fromRevision.toString(),
    ]);
    return rows.map(toRecorded);
  }

  async readAll(after: LogPosition, maxCount: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < events_read_horizon()
        ORDER BY events.transaction_id, events.position
        LIMIT $3`,
      [after.commit.toString(), after.prepare.toString(), maxCount],
    );
    return rows.map(toRecorded);
  }

  async backlogAfter(after: LogPosition): Promise<{ events: bigint; oldestRecordedAt: Date | null }> {
    const { rows } = await this.pool.query<{ events: string; oldest: Date | null }>(
      `SELECT count(*) AS events, min(recorded_at) AS oldest FROM events
        WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)`,
      [after.commit.toString(), after.prepare.toString()],
    );
    return { events: BigInt(rows[0]!.events), oldestRecordedAt: rows[0]!.oldest };
  }

  /**
   * A subscription's read, shared with the other subscriptions of this process that ask the same while it is under
   * way. Every projector and reactor of a process wakes on the same notice at the same place in the log, so one read
   * (and one count of what is held back) serves them all instead of one each. A read begun before the latest notice
   * is not joined: it may have missed the event that notice announced. `read` is called at once, if at all.
   */
  private shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const underWay = this.sharedReads.get(key);
    if (underWay && underWay.notices === this.notices) return underWay.result as Promise<T>;
    const entry = { notices: this.notices, result: read() };
    this.sharedReads.set(key, entry);
    const forget = (): void => {
      if (this.sharedReads.get(key) === entry) this.sharedReads.delete(key);
    };
    entry.result.then(forget, forget);
    return entry.result;
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    let stopped = false;
    let wakeUp: (() => void) | null = null;
    // Counts notifications, so one that arrives while a read is in flight is not lost.
    let notifications = 0;
    const onWake = (): void => {
      notifications++;
      wakeUp?.();
    };
    this.wake.on('appended', onWake);
    void this.ensureListener().catch((error: unknown) => options.onError?.(error));

    const sleep = (ms: number): Promise<void> =>
      new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = done;
      });

    const loop = async (): Promise<void> => {
      let position = options.after;
      while (!stopped && !this.closed) {
        try {
          const seenNotifications = notifications;
          const batch = await this.shared(`read ${position.commit}/${position.prepare}`, () => this.readAll(position, SUBSCRIPTION_BATCH));
          for (const event of batch) {
            if (stopped) return;
            await options.onEvent(event);
            position = event.position;
          }
          if (batch.length === SUBSCRIPTION_BATCH) continue;
          if (batch.length === 0 && notifications === seenNotifications) {
            const backlog = await this.shared(`backlog ${position.commit}/${position.prepare}`, () => this.backlogAfter(position));
            if (notifications === seenNotifications) await sleep(backlog.events > 0n ? HELD_BACK_POLL_MS : IDLE_POLL_MS);
          }
        } catch (error) {
          if (stopped || this.closed) return;
          options.onError?.(error);
          await sleep(IDLE_POLL_MS);
        }
      }
    };
    const running = loop();
    return {
      close: async () => {
        stopped = true;
        wakeUp?.();
        this.wake.off('appended', onWake);
        await running;
      },
    };
  }

  /** One LISTEN connection per store wakes every subscription in this process. */
  private async ensureListener(): Promise<void> {
    if (this.listener || this.closed) return;
    this.listenerStarting ??= (async () => {
      const client = new Client({ connectionString: this.options.connectionString, application_name: 'crew-event-listener' });
      client.on('notification', () => this.wake.emit('appended'));
      client.on('error', () => {
        // Subscriptions keep polling; reconnect on the next subscription call.
        this.listener = null;
        this.listenerStarting = null;
      });
      await client.connect();
      await client.query('LISTEN events_appended');
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
    })();
    await this.listenerStarting;
  }

  /** Snapshots kept in the same database as the streams they fold. */
  snapshots(): SnapshotStore {
    return {
      load: async (streamId, key) => {
        const { rows } = await this.pool.query<{ revision: string; last_event_id: string; state: StoredSnapshot['state'] }>(
          'SELECT revision, last_event_id, state FROM stream_snapshots WHERE stream_id = $1 AND snapshot_key = $2',
          [streamId, key],
        );
        const row = rows[0];
        return row ? { revision: BigInt(row.revision), lastEventId: row.last_event_id, state: row.state } : null;
      },
      save: async (streamId, key, snapshot, replace = false) => {
        await this.pool.query(
          `INSERT INTO stream_snapshots (stream_id, snapshot_key, revision, last_event_id, state) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (stream_id, snapshot_key) DO UPDATE
             SET revision = excluded.revision, last_event_id = excluded.last_event_id, state = excluded.state, taken_at = now()
             WHERE $6 OR stream_snapshots.revision < excluded.revision`,
          [streamId, key, snapshot.revision.toString(), snapshot.lastEventId, JSON.stringify(snapshot.state), replace],
        );
      },
      delete: async (streamIds) => {
        const { rowCount } = await this.pool.query('DELETE FROM stream_snapshots WHERE stream_id = ANY($1::text[])', [streamIds]);
        return rowCount ?? 0;
      },
    };
  }

  /** A client of the store's pool for work beyond the port (the one-time sealing of personal data, docs/privacy.md); released after `work`. */
  async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM events LIMIT 1');
  }

  /** Last event visible to readers, or null for an empty log. */
  async headPosition(): Promise<LogPosition | null> {
    const { rows } = await this.pool.query<{ transaction_id: string; position: string }>(
      `SELECT transaction_id::text AS transaction_id, position FROM events
        WHERE transaction_id < events_read_horizon()
        ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.position) } : null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake.emit('appended');
    await this.listenerStarting?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
