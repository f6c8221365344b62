import type { Projector } from '@crew/projections';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { comparePositions, type EventStore, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import { loadCheckpoint } from './checkpoint-store';

/** Anything that follows the log from a checkpoint: projectors and reactors. */
export type LogConsumer = Pick<Projector, 'name' | 'project' | 'handles'>;

/**
 * The dead-letter policy of every log consumer (projector or reactor):
 *
 *  1. A batch that fails is rolled back and tried again, BATCH_ATTEMPTS times
 *     in all with a growing pause, so a passing fault (a lost connection, a
 *     deadlock) parks nothing.
 *  2. Then the batch is applied one event at a time, each in a savepoint: the
 *     events that apply are kept, an event that still fails is parked in
 *     `parked_events` with its error, and so is every later event of its
 *     stream (held behind it), so no read-model row ever sees a stream's
 *     events out of order. The checkpoint moves past them all and the
 *     consumer goes on with every other stream.
 *  3. A failure that says the platform itself is unwell (connection,
 *     resources, lock or transaction aborts) is never parked: the runner
 *     stops, waits and resumes from its checkpoint, as before.
 *
 * Parked events show in /api/health (degraded, count per consumer) and in
 * `npm run projections -- status | parked`; `retry` applies them again after
 * a code fix or an upcaster, in log order per stream, and clears each that applies.
 */
export const BATCH_ATTEMPTS = 3;
/** Pauses between the batch attempts: short, so a command waiting for its own write learns the outcome within its wait. */
export const BATCH_RETRY_PAUSES_MS = [50, 250] as const;

/** NOTIFY channel: a consumer parked or cleared events (payload: its name). */
export const PARKED_CHANNEL = 'projection_parked';

export interface ParkedEventRow {
  consumer: string;
  event_id: string;
  log_commit: string;
  log_prepare: string;
  stream_id: string;
  event_type: string;
  error: string;
  held_behind: string | null;
  attempts: number;
  first_seen_at: Date;
  last_seen_at: Date;
}

/** An event to park: it failed (`heldBehind` null) or waits behind an earlier parked event of its stream. */
export interface ParkedEntry {
  readonly event: RecordedEvent;
  readonly error: string;
  readonly heldBehind: string | null;
  readonly attempts: number;
}

/** Streams with a parked event, each with the id of its first parked event (what later events wait behind). */
export type BlockedStreams = Map<string, string>;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** SQLSTATE classes of a platform that is unwell rather than of a bad event: connection, transaction rollback, resources, locks, shutdown, system. */
const TRANSIENT_SQLSTATE_CLASSES = new Set(['08', '40', '53', '55', '57', '58']);
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when a failure says nothing about the event: it would fail for any
 * event now and may pass later. Such failures stop the runner (which resumes
 * from its checkpoint) instead of parking an innocent event.
 */
export const isTransientFailure = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.has(code.slice(0, 2))) return true;
    if (TRANSIENT_NODE_CODES.has(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection is closed|Query read timeout|timeout exceeded when trying to connect/i.test(message);
};

/** Every stream with a parked event for this consumer. */
export const loadBlockedStreams = async (manager: EntityManager, consumer: string): Promise<BlockedStreams> => {
  const rows = await manager.query<{ stream_id: string; event_id: string }[]>(
    `SELECT DISTINCT ON (stream_id) stream_id, event_id FROM parked_events WHERE consumer = $1
      ORDER BY stream_id, log_commit, log_prepare`,
    [consumer],
  );
  return new Map(rows.map((row) => [row.stream_id, row.event_id]));
};

/** Splits a batch into what can be applied and what must wait behind a parked event of its stream. */
export const holdBlocked = (events: readonly RecordedEvent[], blocked: BlockedStreams): { apply: RecordedEvent[]; held: ParkedEntry[] } => {
  if (blocked.size === 0) return { apply: [...events], held: [] };
  const apply: RecordedEvent[] = [];
  const held: ParkedEntry[] = [];
  for (const event of events) {
    const behind = blocked.get(event.streamId);
    if (behind === undefined) apply.push(event);
    else held.push({ event, error: `held behind parked event ${behind} of its stream`, heldBehind: behind, attempts: 0 });
  }
  return { apply, held };
};

/**
 * Applies events one at a time, each in a savepoint, inside the caller's
 * transaction: keeps those that apply, returns the ones to park (a failing
 * event, and every later event of its stream, which `blocked` learns).
 * A transient failure is thrown: the caller's transaction is then rolled back.
 */
export const applyEachIsolated = async (
  consumer: LogConsumer,
  events: readonly RecordedEvent[],
  runner: QueryRunner,
  blocked: BlockedStreams,
  attempts: number,
): Promise<ParkedEntry[]> => {
  const parked: ParkedEntry[] = [];
  for (const event of events) {
    const behind = blocked.get(event.streamId);
    if (behind !== undefined) {
      parked.push({ event, error: `held behind parked event ${behind} of its stream`, heldBehind: behind, attempts: 0 });
      continue;
    }
    await runner.query('SAVEPOINT consumer_event');
    try {
      await consumer.project([event], runner.manager);
      await runner.query('RELEASE SAVEPOINT consumer_event');
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      await runner.query('ROLLBACK TO SAVEPOINT consumer_event');
      parked.push({ event, error: messageOf(error), heldBehind: null, attempts });
      blocked.set(event.streamId, event.id);
    }
  }
  return parked;
};

/** Records parked events (a second parking of the same event counts as another attempt) and tells listeners. */
export const parkEvents = async (manager: EntityManager, consumer: string, entries: readonly ParkedEntry[]): Promise<void> => {
  if (entries.length === 0) return;
  await manager.query(
    `INSERT INTO parked_events (consumer, event_id, log_commit, log_prepare, stream_id, event_type, error, held_behind, attempts)
     SELECT $1, * FROM unnest($2::uuid[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::int[])
     ON CONFLICT (consumer, event_id) DO UPDATE SET error = EXCLUDED.error, held_behind = EXCLUDED.held_behind,
       attempts = parked_events.attempts + EXCLUDED.attempts, last_seen_at = now()`,
    [
      consumer,
      entries.map((e) => e.event.id),
      entries.map((e) => e.event.position.commit.toString()),
      entries.map((e) => e.event.position.prepare.toString()),
      entries.map((e) => e.event.streamId),
      entries.map((e) => e.event.type),
      entries.map((e) => e.error),
      entries.map((e) => e.heldBehind),
      entries.map((e) => e.attempts),
    ],
  );
  await manager.query('SELECT pg_notify($1, $2)', [PARKED_CHANNEL, consumer]);
};

/** Parked events, oldest first; of one consumer when named. */
export const listParkedEvents = (dataSource: DataSource, consumer?: string): Promise<ParkedEventRow[]> =>
  dataSource.query(`SELECT * FROM parked_events WHERE $1::text IS NULL OR consumer = $1 ORDER BY consumer, log_commit, log_prepare`, [consumer ?? null]);

/** How many events each consumer has parked (consumers with none are absent). */
export const countParkedEvents = async (queryable: Pick<DataSource, 'query'>): Promise<Map<string, number>> => {
  const rows: { consumer: string; parked: number }[] = await queryable.query('SELECT consumer, count(*)::int AS parked FROM parked_events GROUP BY consumer');
  return new Map(rows.map((row) => [row.consumer, row.parked]));
};

export interface RetryOutcome {
  readonly consumer: string;
  /** Events applied and cleared. */
  readonly cleared: number;
  /** Events still parked (failed again, or held behind one that did). */
  readonly stillParked: number;
  /** The errors of the events that failed again. */
  readonly errors: readonly { eventId: string; error: string }[];
}

/**
 * Applies a consumer's parked events again (all, or with `eventId` that event
 * and the earlier parked events of its stream), in log order per stream, each
 * in a savepoint; clears each that applies, and stops a stream at its first
 * event that fails again (later ones stay held behind it). Runs under the
 * consumer's checkpoint lock, so the live runner waits for it.
 */
export const retryParkedEvents = async (consumer: LogConsumer, store: EventStore, dataSource: DataSource, options: { eventId?: string } = {}): Promise<RetryOutcome> => {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await loadCheckpoint(runner.manager, consumer.name);
    await runner.startTransaction();
    try {
      await runner.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [consumer.name]);
      let rows: ParkedEventRow[] = await runner.query('SELECT * FROM parked_events WHERE consumer = $1 ORDER BY stream_id, log_commit, log_prepare', [consumer.name]);
      if (options.eventId !== undefined) {
        const target = rows.find((row) => row.event_id === options.eventId);
        if (!target) throw new Error(`${consumer.name} has no parked event ${options.eventId}`);
        const upTo: LogPosition = { commit: BigInt(target.log_commit), prepare: BigInt(target.log_prepare) };
        rows = rows.filter((row) => row.stream_id === target.stream_id && comparePositions({ commit: BigInt(row.log_commit), prepare: BigInt(row.log_prepare) }, upTo) <= 0);
      }
      const byStream = new Map<string, ParkedEventRow[]>();
      for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);

      let cleared = 0;
      const errors: { eventId: string; error: string }[] = [];
      for (const [streamId, parked] of byStream) {
        // The store applies the upcasters: a retry sees the event as corrected.
        const events = new Map((await store.readStream(streamId)).map((event) => [event.id, event]));
        let blocker: string | null = null;
        for (const row of parked) {
          if (blocker !== null) {
            await runner.query('UPDATE parked_events SET held_behind = $3 WHERE consumer = $1 AND event_id = $2', [consumer.name, row.event_id, blocker]);
            continue;
          }
          const event = events.get(row.event_id);
          let failure: string | null = event ? null : 'the event is no longer in its stream';
          if (event) {
            await runner.query('SAVEPOINT parked_retry');
            try {
              await consumer.project([event], runner.manager);
              await runner.query('RELEASE SAVEPOINT parked_retry');
            } catch (error) {
              if (isTransientFailure(error)) throw error;
              await runner.query('ROLLBACK TO SAVEPOINT parked_retry');
              failure = messageOf(error);
            }
          }
          if (failure === null) {
            await runner.query('DELETE FROM parked_events WHERE consumer = $1 AND event_id = $2', [consumer.name, row.event_id]);
            cleared++;
          } else {
            await runner.query(
              `UPDATE parked_events SET error = $3, held_behind = NULL, attempts = attempts + 1, last_seen_at = now()
                WHERE consumer = $1 AND event_id = $2`,
              [consumer.name, row.event_id, failure],
            );
            errors.push({ eventId: row.event_id, error: failure });
            blocker = row.event_id;
          }
        }
      }
      await runner.query('SELECT pg_notify($1, $2)', [PARKED_CHANNEL, consumer.name]);
      await runner.commitTransaction();
      return { consumer: consumer.name, cleared, stillParked: rows.length - cleared, errors };
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  } finally {
    await runner.release();
  }
};
