import type { Projector } from '@crew/projections';
import type { DataSource, QueryRunner } from 'typeorm';
import { LOG_START, type EventStore, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import { loadCheckpoint } from './checkpoint-store';
import { applyEachIsolated, holdBlocked, isTransientFailure, parkEvents, PARKED_CHANNEL, type BlockedStreams, type ParkedEntry } from './parked-events';

export interface RebuildResult {
  readonly projection: string;
  readonly events: number;
  readonly milliseconds: number;
  readonly position: LogPosition;
  /** Events the projector could not apply (and those held behind them), parked as the live runner would. */
  readonly parked: number;
}

const REBUILD_LOCK_NAMESPACE = 7303;
const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Rebuilds a projection from position 0 while the live one keeps serving:
 *  1. replay the whole log into shadow copies of its tables (own schema);
 *  2. in one transaction, after locking the live checkpoint row (the live
 *     runner finishes its batch and then waits), replay the tail, replace the
 *     live rows with the shadow rows and set the checkpoint.
 * Readers see the old rows until that transaction commits, then the new ones:
 * never an empty read model. The live runner notices the moved checkpoint
 * (compare-and-set fails) and carries on from the new position.
 * An event the projector cannot apply is parked, as the live runner parks it
 * (see parked-events.ts), and the projector's parked events are replaced by
 * those the rebuild found.
 */
export const rebuildProjection = async (
  projector: Projector,
  store: EventStore,
  dataSource: DataSource,
  options: { batchSize?: number; onBatch?: (events: number) => void } = {},
): Promise<RebuildResult> => {
  const started = performance.now();
  const batchSize = options.batchSize ?? 5_000;
  const shadow = quoteIdent(`rebuild_${projector.name.replace(/[^a-zA-Z0-9]+/g, '_')}`);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  let position: LogPosition = LOG_START;
  let count = 0;
  const blocked: BlockedStreams = new Map();
  const parked: ParkedEntry[] = [];

  /** The whole batch at once; when it fails, event by event, parking what still fails. */
  const project = async (q: QueryRunner, events: readonly RecordedEvent[]): Promise<void> => {
    const { apply, held } = holdBlocked(events, blocked);
    parked.push(...held);
    if (apply.length === 0) return;
    await q.query('SAVEPOINT rebuild_batch');
    try {
      await projector.project(apply, q.manager);
      await q.query('RELEASE SAVEPOINT rebuild_batch');
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      await q.query('ROLLBACK TO SAVEPOINT rebuild_batch');
      parked.push(...(await applyEachIsolated(projector, apply, q, blocked, 1)));
    }
  };

  const replayInto = async (q: QueryRunner, until: 'empty'): Promise<void> => {
    for (;;) {
      const events = await store.readAll(position, batchSize);
      if (events.length === 0 && until === 'empty') return;
      await project(q, events);
      position = events[events.length - 1]!.position;
      count += events.length;
      options.onBatch?.(count);
    }
  };

  try {
    await runner.query('SELECT pg_advisory_lock($1, hashtext($2))', [REBUILD_LOCK_NAMESPACE, projector.name]);
    const [{ schema: liveSchema }] = (await runner.query('SELECT current_schema() AS schema')) as { schema: string }[];
    const live = quoteIdent(liveSchema!);
    await runner.query(`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
    await runner.query(`CREATE SCHEMA ${shadow}`);
    for (const table of projector.tables) {
      await runner.query(`CREATE TABLE ${shadow}.${quoteIdent(table)} (LIKE ${live}.${quoteIdent(table)} INCLUDING ALL)`);
    }

    // 1. Bulk replay, one transaction per batch so memory and locks stay small.
    for (;;) {
      await runner.startTransaction();
      await runner.query(`SET LOCAL search_path TO ${shadow}, ${live}`);
      const before = count;
      const events = await store.readAll(position, batchSize);
      if (events.length > 0) {
        await project(runner, events);
        position = events[events.length - 1]!.position;
        count += events.length;
        options.onBatch?.(count);
      }
      await runner.commitTransaction();
      if (count === before) break;
    }

    // 2. Tail and swap, atomically.
    await loadCheckpoint(runner.manager, projector.name);
    await runner.startTransaction();
    try {
      await runner.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projector.name]);
      await runner.query(`SET LOCAL search_path TO ${shadow}, ${live}`);
      await replayInto(runner, 'empty');
      await runner.query(`SET LOCAL search_path TO ${live}`);
      for (const table of projector.tables) {
        // Generated columns (e.g. search vectors) are computed again, never copied.
        const columns: { column_name: string }[] = await runner.query(
          `SELECT column_name FROM information_schema.columns
            WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
          [liveSchema, table],
        );
        const list = columns.map((c) => quoteIdent(c.column_name)).join(', ');
        await runner.query(`DELETE FROM ${live}.${quoteIdent(table)}`);
        await runner.query(`INSERT INTO ${live}.${quoteIdent(table)} (${list}) SELECT ${list} FROM ${shadow}.${quoteIdent(table)}`);
      }
      await runner.query('DELETE FROM parked_events WHERE consumer = $1', [projector.name]);
      if (parked.length > 0) await parkEvents(runner.manager, projector.name, parked);
      else await runner.query('SELECT pg_notify($1, $2)', [PARKED_CHANNEL, projector.name]);
      await runner.query(
        `UPDATE projection_checkpoints SET log_commit = $2, log_prepare = $3, updated_at = now(),
                last_error = NULL, last_error_at = NULL WHERE name = $1`,
        [projector.name, position.commit.toString(), position.prepare.toString()],
      );
      await runner.query('SELECT pg_notify($1, $2)', [
        'projection_progress',
        `${projector.name} ${position.commit}/${position.prepare}`,
      ]);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
    await runner.query(`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock($1, hashtext($2))', [REBUILD_LOCK_NAMESPACE, projector.name])
      .catch(() => undefined);
    await runner.release();
  }
  return { projection: projector.name, events: count, milliseconds: performance.now() - started, position, parked: parked.length };
};
