import type { Projector } from '@crew/projections';
import type { DataSource, QueryRunner } from 'typeorm';
import { comparePositions, LOG_START, type EventStore, type LogPosition, type RecordedEvent } from '../event-store/event-store.port';
import { loadCheckpoint } from './checkpoint-store';
import { applyEachIsolated, holdBlocked, isTransientFailure, parkEvents, PARKED_CHANNEL, type BlockedStreams, type ParkedEntry } from './parked-events';
import { REBUILD_LOCK_NAMESPACE, RebuildTracker, type RebuildMode, type RebuildProgress } from './rebuild-progress';

export interface RebuildResult {
  readonly projection: string;
  readonly events: number;
  readonly milliseconds: number;
  readonly position: LogPosition;
  /** Events the projector could not apply (and those held behind them), parked as the live runner would. */
  readonly parked: number;
}

export interface RebuildOptions {
  /** Events read and projected per transaction (default 20,000). */
  readonly batchSize?: number;
  /** Called after every batch with the events replayed so far. */
  readonly onBatch?: (events: number) => void;
  /** Called after every batch and at the end: events done of the total, rate, time left. */
  readonly onProgress?: (progress: RebuildProgress) => void;
}

/** What verify found in one table: rows only the live table has, rows only the rebuilt one has, and a few of their keys. */
export interface TableDifference {
  readonly table: string;
  readonly rows: number;
  readonly onlyLive: number;
  readonly onlyRebuilt: number;
  readonly keys: readonly string[];
}

export interface VerifyResult extends RebuildResult {
  readonly tables: readonly TableDifference[];
  /** Parked events of the projection that the replay did not park, and the other way round. */
  readonly parkedOnlyLive: readonly string[];
  readonly parkedOnlyRebuilt: readonly string[];
  readonly equal: boolean;
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
// Large batches: a voyage's events fold into one write per batch, and the log's events are spread over many voyages.
const DEFAULT_BATCH = 20_000;

/**
 * Replays the log into shadow copies of a projector's tables (own schema,
 * created LIKE the live ones), one transaction per batch, parking what the
 * projector cannot apply as the live runner would. The next batch is read
 * while the current one is projected. Shared by rebuild (which then swaps the
 * rows in) and verify (which compares them).
 */
class ShadowReplay {
  readonly shadow: string;
  position: LogPosition = LOG_START;
  count = 0;
  readonly parked: ParkedEntry[] = [];
  private readonly blocked: BlockedStreams = new Map();
  live = '';
  liveSchema = '';

  constructor(
    readonly projector: Projector,
    private readonly store: EventStore,
    readonly runner: QueryRunner,
    private readonly batchSize: number,
    readonly tracker: RebuildTracker,
    private readonly onBatch?: (events: number) => void,
  ) {
    this.shadow = quoteIdent(`${tracker.mode}_${projector.name.replace(/[^a-zA-Z0-9]+/g, '_')}`);
  }

  async prepare(): Promise<void> {
    const [{ schema }] = (await this.runner.query('SELECT current_schema() AS schema')) as { schema: string }[];
    this.liveSchema = schema!;
    this.live = quoteIdent(schema!);
    await this.runner.query(`DROP SCHEMA IF EXISTS ${this.shadow} CASCADE`);
    await this.runner.query(`CREATE SCHEMA ${this.shadow}`);
    for (const table of this.projector.tables) await this.createShadowTable(table);
  }

  /**
   * A shadow table has the live one's columns, defaults, generated columns and
   * checks, but of its indexes only the keys (primary key, unique constraints
   * and unique indexes: what the projector looks rows up by and what ON
   * CONFLICT needs). Every other index (text search, covering, partial) would
   * be updated on every replayed write; the swap fills the live ones once.
   */
  private async createShadowTable(table: string): Promise<void> {
    const target = `${this.shadow}.${quoteIdent(table)}`;
    const source = `${this.live}.${quoteIdent(table)}`;
    await this.runner.query(`CREATE TABLE ${target} (LIKE ${source} INCLUDING ALL EXCLUDING INDEXES)`);
    const keys: { constraint_def: string | null; index_def: string }[] = await this.runner.query(
      `SELECT pg_get_constraintdef(c.oid) AS constraint_def, pg_get_indexdef(i.indexrelid) AS index_def
         FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
        WHERE i.indrelid = $1::regclass AND i.indisunique ORDER BY i.indexrelid`,
      [source],
    );
    for (const key of keys) {
      if (key.constraint_def !== null) await this.runner.query(`ALTER TABLE ${target} ADD ${key.constraint_def}`);
      else await this.runner.query(key.index_def.replace(/^CREATE UNIQUE INDEX \S+ ON (ONLY )?\S+ /, `CREATE UNIQUE INDEX ON ${target} `));
    }
  }

  async dropShadow(): Promise<void> {
    await this.runner.query(`DROP SCHEMA IF EXISTS ${this.shadow} CASCADE`);
  }

  /** The whole batch at once; when it fails, event by event, parking what still fails. */
  private async project(events: readonly RecordedEvent[]): Promise<void> {
    const { apply, held } = holdBlocked(events, this.blocked);
    this.parked.push(...held);
    if (apply.length === 0) return;
    await this.runner.query('SAVEPOINT rebuild_batch');
    try {
      await this.projector.project(apply, this.runner.manager);
      await this.runner.query('RELEASE SAVEPOINT rebuild_batch');
    } catch (error) {
      if (isTransientFailure(error)) throw error;
      await this.runner.query('ROLLBACK TO SAVEPOINT rebuild_batch');
      this.parked.push(...(await applyEachIsolated(this.projector, apply, this.runner, this.blocked, 1)));
    }
  }

  /**
   * Replays from the current position to the end of the log (or up to and
   * including `until`). With `ownTransactions`, each batch commits on its own
   * so memory and locks stay small; otherwise it runs in the caller's transaction.
   */
  async replay(options: { until?: LogPosition; ownTransactions: boolean }): Promise<void> {
    const { until } = options;
    const read = (after: LogPosition): Promise<RecordedEvent[]> => this.store.readAll(after, this.batchSize);
    let pending: Promise<RecordedEvent[]> | null = read(this.position);
    while (pending) {
      let events = await pending;
      pending = null;
      if (until) events = events.filter((event) => comparePositions(event.position, until) <= 0);
      if (events.length === 0) break;
      const last = events[events.length - 1]!.position;
      // Read ahead: the next batch travels while this one is projected.
      const reachedEnd = events.length < this.batchSize || (until !== undefined && comparePositions(last, until) >= 0);
      if (!reachedEnd) pending = read(last);
      if (options.ownTransactions) {
        await this.runner.startTransaction();
        try {
          await this.runner.query(`SET LOCAL search_path TO ${this.shadow}, ${this.live}`);
          // Shadow rows are replayable from the log: no need to wait for their WAL flush.
          await this.runner.query('SET LOCAL synchronous_commit TO off');
          await this.project(events);
          await this.runner.commitTransaction();
        } catch (error) {
          await this.runner.rollbackTransaction().catch(() => undefined);
          await pending?.catch(() => undefined);
          throw error;
        }
      } else {
        await this.project(events);
      }
      this.position = last;
      this.count += events.length;
      this.onBatch?.(this.count);
      await this.tracker.advance(this.count);
    }
  }

  /** Non-generated columns of a live table, in order (generated ones are computed again, never copied). */
  async columns(table: string): Promise<string[]> {
    const columns: { column_name: string }[] = await this.runner.query(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = $2 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [this.liveSchema, table],
    );
    return columns.map((c) => quoteIdent(c.column_name));
  }
}

/** Locks out a second rebuild or verification of the same projection (session lock, released on disconnect). */
const withProjectionLock = async <T>(dataSource: DataSource, name: string, work: (runner: QueryRunner) => Promise<T>): Promise<T> => {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [REBUILD_LOCK_NAMESPACE, name])) as { locked: boolean }[];
    if (!locked) throw new Error(`${name} is already being rebuilt or verified by another process`);
    return await work(runner);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REBUILD_LOCK_NAMESPACE, name]).catch(() => undefined);
    await runner.release();
  }
};

const logSize = async (store: EventStore): Promise<number> => Number((await store.backlogAfter(LOG_START)).events);

const run = async <T>(
  projector: Projector,
  store: EventStore,
  dataSource: DataSource,
  mode: RebuildMode,
  options: RebuildOptions,
  finish: (replay: ShadowReplay) => Promise<T>,
): Promise<T> =>
  withProjectionLock(dataSource, projector.name, async (runner) => {
    const tracker = new RebuildTracker(dataSource, projector.name, mode, await logSize(store), options.onProgress);
    await tracker.start();
    const replay = new ShadowReplay(projector, store, runner, options.batchSize ?? DEFAULT_BATCH, tracker, options.onBatch);
    try {
      await replay.prepare();
      const result = await finish(replay);
      await replay.dropShadow();
      await tracker.finish('done');
      return result;
    } catch (error) {
      // The shadow schema is left as it is: the next run drops it and starts again.
      await tracker.finish('failed', error);
      throw error;
    }
  });

/**
 * Rebuilds a projection from position 0 while the live one keeps serving:
 *  1. replay the whole log into shadow copies of its tables (own schema);
 *  2. in one transaction, after locking the live checkpoint row (the live
 *     runner finishes its batch and then waits), replay the tail, replace the
 *     live rows with the shadow rows and set the checkpoint.
 * Readers see the old rows until that transaction commits, then the new ones:
 * never an empty read model. The live runner notices the moved checkpoint
 * (compare-and-set fails) and carries on from the new position. Other
 * projections are not touched. A rebuild that is interrupted (a killed
 * process, a lost connection) changed nothing live: start it again.
 * An event the projector cannot apply is parked, as the live runner parks it
 * (see parked-events.ts), and the projector's parked events are replaced by
 * those the rebuild found.
 */
export const rebuildProjection = async (projector: Projector, store: EventStore, dataSource: DataSource, options: RebuildOptions = {}): Promise<RebuildResult> => {
  const started = performance.now();
  return run(projector, store, dataSource, 'rebuild', options, async (replay) => {
    const { runner, live, shadow } = replay;
    // 1. Bulk replay, one transaction per batch.
    await replay.replay({ ownTransactions: true });

    // 2. Tail and swap, atomically.
    await replay.tracker.advance(replay.count, 'finishing');
    await loadCheckpoint(runner.manager, projector.name);
    await runner.startTransaction();
    try {
      await runner.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projector.name]);
      await runner.query(`SET LOCAL search_path TO ${shadow}, ${live}`);
      await replay.replay({ ownTransactions: false });
      await runner.query(`SET LOCAL search_path TO ${live}`);
      for (const table of projector.tables) {
        const list = (await replay.columns(table)).join(', ');
        await runner.query(`DELETE FROM ${live}.${quoteIdent(table)}`);
        await runner.query(`INSERT INTO ${live}.${quoteIdent(table)} (${list}) SELECT ${list} FROM ${shadow}.${quoteIdent(table)}`);
      }
      await runner.query('DELETE FROM parked_events WHERE consumer = $1', [projector.name]);
      if (replay.parked.length > 0) await parkEvents(runner.manager, projector.name, replay.parked);
      else await runner.query('SELECT pg_notify($1, $2)', [PARKED_CHANNEL, projector.name]);
      const { position } = replay;
      await runner.query(
        `UPDATE projection_checkpoints SET log_commit = $2, log_prepare = $3, updated_at = now(),
                last_error = NULL, last_error_at = NULL WHERE name = $1`,
        [projector.name, position.commit.toString(), position.prepare.toString()],
      );
      await runner.query('SELECT pg_notify($1, $2)', ['projection_progress', `${projector.name} ${position.commit}/${position.prepare}`]);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
    return { projection: projector.name, events: replay.count, milliseconds: performance.now() - started, position: replay.position, parked: replay.parked.length };
  });
};

/** Rows of one table that only one side holds, compared as whole rows (text form), with a few of their keys. */
const compareTable = async (runner: QueryRunner, live: string, shadow: string, table: string): Promise<TableDifference> => {
  const keyColumns: { attname: string }[] = await runner.query(
    `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [`${live}.${quoteIdent(table)}`],
  );
  const key = (alias: string): string => (keyColumns.length > 0 ? `concat_ws('/', ${keyColumns.map((c) => `${alias}.${quoteIdent(c.attname)}`).join(', ')})` : `${alias}::text`);
  const [summary] = (await runner.query(
    `WITH l AS (SELECT x::text AS r, ${key('x')} AS k FROM ${live}.${quoteIdent(table)} x),
          s AS (SELECT y::text AS r, ${key('y')} AS k FROM ${shadow}.${quoteIdent(table)} y),
          d AS (SELECT l.k AS live_key, s.k AS rebuilt_key FROM l FULL JOIN s ON l.r = s.r WHERE l.r IS NULL OR s.r IS NULL)
     SELECT (SELECT count(*)::int FROM l) AS rows,
            count(live_key)::int AS only_live, count(rebuilt_key)::int AS only_rebuilt,
            coalesce((array_agg(DISTINCT coalesce(live_key, rebuilt_key)))[1:5], '{}') AS keys
       FROM d`,
  )) as { rows: number; only_live: number; only_rebuilt: number; keys: string[] }[];
  return { table, rows: summary!.rows, onlyLive: summary!.only_live, onlyRebuilt: summary!.only_rebuilt, keys: summary!.keys };
};

/**
 * Verifies a projection without changing it: replays the log into shadow
 * tables up to the live checkpoint, then, holding the checkpoint row (the live
 * runner waits for the few seconds this takes), replays to where the live
 * projection now is and compares every row of every table, and the parked
 * events, with the live ones. Nothing is swapped; the shadow is dropped.
 * A difference means the live rows are not what the log gives today: a
 * projector that reads something besides its events, or a change of code
 * since they were written (rebuild to repair it).
 */
export const verifyProjection = async (projector: Projector, store: EventStore, dataSource: DataSource, options: RebuildOptions = {}): Promise<VerifyResult> => {
  const started = performance.now();
  return run(projector, store, dataSource, 'verify', options, async (replay) => {
    const { runner, live, shadow } = replay;
    const reached = await loadCheckpoint(runner.manager, projector.name);
    await replay.replay({ ownTransactions: true, until: reached });
    await replay.tracker.advance(replay.count, 'finishing');

    await runner.startTransaction();
    try {
      const [row] = (await runner.query('SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projector.name])) as {
        log_commit: string;
        log_prepare: string;
      }[];
      const at: LogPosition = { commit: BigInt(row!.log_commit), prepare: BigInt(row!.log_prepare) };
      await runner.query(`SET LOCAL search_path TO ${shadow}, ${live}`);
      await replay.replay({ ownTransactions: false, until: at });
      await runner.query(`SET LOCAL search_path TO ${live}`);
      const tables: TableDifference[] = [];
      for (const table of projector.tables) tables.push(await compareTable(runner, live, shadow, table));
      const parkedLive: { event_id: string }[] = await runner.query('SELECT event_id FROM parked_events WHERE consumer = $1', [projector.name]);
      const liveIds = new Set(parkedLive.map((p) => p.event_id));
      const rebuiltIds = new Set(replay.parked.map((p) => p.event.id));
      const parkedOnlyLive = [...liveIds].filter((id) => !rebuiltIds.has(id));
      const parkedOnlyRebuilt = [...rebuiltIds].filter((id) => !liveIds.has(id));
      await runner.rollbackTransaction();
      return {
        projection: projector.name,
        events: replay.count,
        milliseconds: performance.now() - started,
        position: at,
        parked: replay.parked.length,
        tables,
        parkedOnlyLive,
        parkedOnlyRebuilt,
        equal: tables.every((t) => t.onlyLive === 0 && t.onlyRebuilt === 0) && parkedOnlyLive.length === 0 && parkedOnlyRebuilt.length === 0,
      };
    } catch (error) {
      await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  });
};
