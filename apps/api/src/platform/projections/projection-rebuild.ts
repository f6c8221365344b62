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
const quoteLiteral = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** An index definition (pg_get_indexdef) moved onto another table, under the same name. */
const onTable = (definition: string, table: string): string => {
  const moved = definition.replace(/^(CREATE (?:UNIQUE )?INDEX \S+ ON )(?:ONLY )?\S+( USING )/, `$1${table}$2`);
  if (moved === definition) throw new Error(`unexpected index definition: ${definition}`);
  return moved;
};

/** A swap tries for the live tables' locks this many times, each waiting this long, before it copies the rows instead. */
const SWAP_LOCK_ATTEMPTS = 40;
const SWAP_LOCK_TIMEOUT_MS = 250;
const LOCK_NOT_AVAILABLE = '55P03';
/** Memory for each index a rebuild builds (a text-search index over many rows builds in fewer passes with more). */
const INDEX_BUILD_MEMORY = '128MB';
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
  /** Where a swap puts the live tables it replaces, until they are dropped after the commit. */
  readonly retired: string;
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
    const base = `${tracker.mode}_${projector.name.replace(/[^a-zA-Z0-9]+/g, '_')}`;
    this.shadow = quoteIdent(base);
    this.retired = quoteIdent(`${base}_retired`);
  }

  async prepare(): Promise<void> {
    const [{ schema }] = (await this.runner.query('SELECT current_schema() AS schema')) as { schema: string }[];
    this.liveSchema = schema!;
    this.live = quoteIdent(schema!);
    await this.runner.query(`DROP SCHEMA IF EXISTS ${this.shadow} CASCADE`);
    await this.runner.query(`DROP SCHEMA IF EXISTS ${this.retired} CASCADE`);
    await this.runner.query(`CREATE SCHEMA ${this.shadow}`);
    for (const table of this.projector.tables) await this.createShadowTable(table);
  }

  /**
   * A shadow table has the live one's columns, defaults, generated columns and
   * checks, but of its indexes only the keys (primary key, unique constraints
   * and unique indexes: what the projector looks rows up by and what ON
   * CONFLICT needs), under their live names. Every other index (text search,
   * covering, partial) would be updated on every replayed write: a rebuild
   * builds them once the replay is done (buildIndexes).
   */
  private async createShadowTable(table: string): Promise<void> {
    const target = `${this.shadow}.${quoteIdent(table)}`;
    const source = `${this.live}.${quoteIdent(table)}`;
    await this.runner.query(`CREATE TABLE ${target} (LIKE ${source} INCLUDING ALL EXCLUDING INDEXES)`);
    for (const index of await this.indexes(table)) {
      if (!index.unique) continue;
      if (index.constraint_def !== null) await this.runner.query(`ALTER TABLE ${target} ADD CONSTRAINT ${quoteIdent(index.name)} ${index.constraint_def}`);
      else await this.runner.query(onTable(index.index_def, target));
    }
  }

  /** The live table's indexes, keys first, with their definitions (and their constraint's, for a key that is one). */
  private async indexes(table: string): Promise<{ name: string; unique: boolean; constraint_def: string | null; index_def: string }[]> {
    return this.runner.query(
      `SELECT c.relname AS name, i.indisunique AS unique, pg_get_constraintdef(k.oid) AS constraint_def, pg_get_indexdef(i.indexrelid) AS index_def
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid
        WHERE i.indrelid = $1::regclass ORDER BY i.indexrelid`,
      [`${this.live}.${quoteIdent(table)}`],
    );
  }

  /**
   * Whether the shadow tables can take the live ones' place outright (see
   * swapTables): nothing else refers to the live tables (foreign keys, views,
   * functions, triggers, policies, publications, inheritance, sequences they
   * own) and they have no foreign keys of their own, which a shadow does not
   * copy. Read models have none of these; one that does is copied instead.
   */
  async swappable(): Promise<boolean> {
    for (const table of this.projector.tables) {
      const [row] = (await this.runner.query(
        `WITH t AS (SELECT $1::regclass::oid AS oid)
         SELECT (SELECT relkind FROM pg_class, t WHERE pg_class.oid = t.oid) = 'r'
            AND NOT EXISTS (SELECT 1 FROM pg_constraint, t WHERE contype = 'f' AND (confrelid = t.oid OR conrelid = t.oid))
            AND NOT EXISTS (SELECT 1 FROM pg_trigger, t WHERE tgrelid = t.oid AND NOT tgisinternal)
            AND NOT EXISTS (SELECT 1 FROM pg_policy, t WHERE polrelid = t.oid)
            AND NOT EXISTS (SELECT 1 FROM pg_rewrite r, t WHERE r.ev_class = t.oid)
            AND NOT EXISTS (SELECT 1 FROM pg_publication_rel, t WHERE prrelid = t.oid)
            AND NOT EXISTS (SELECT 1 FROM pg_inherits, t WHERE inhrelid = t.oid OR inhparent = t.oid)
            AND NOT EXISTS (SELECT 1 FROM pg_depend d, t WHERE d.refclassid = 'pg_class'::regclass AND d.refobjid = t.oid
                              AND (d.classid IN ('pg_rewrite'::regclass, 'pg_proc'::regclass)
                                   OR (d.classid = 'pg_class'::regclass AND (SELECT relkind FROM pg_class WHERE oid = d.objid) = 'S')))
            AS swappable`,
        [`${this.live}.${quoteIdent(table)}`],
      )) as { swappable: boolean }[];
      if (!row?.swappable) return false;
    }
    return true;
  }

  /**
   * Gives the shadow tables what the live ones have besides their rows and
   * keys, so they can replace them. VACUUM first marks the loaded pages
   * all-visible (an index-only scan then reads no table page) and ANALYZE
   * gives the planner the new rows' column statistics: left to autovacuum
   * (or where it is off), browse's count planned without them read the
   * table instead of its index alone. It costs a rebuild of voyage summaries
   * about a tenth of its time. Then every
   * other index, under its live name, built once over the loaded rows: two
   * connections build two at a time, the text-search ones (which PostgreSQL
   * builds in one process) first. Then the storage options, comment, grants
   * and owner.
   */
  async completeShadow(dataSource: DataSource): Promise<void> {
    const builds: { sql: string; slow: boolean }[] = [];
    for (const table of this.projector.tables) {
      const target = `${this.shadow}.${quoteIdent(table)}`;
      await this.runner.query(`VACUUM (ANALYZE) ${target}`);
      for (const index of await this.indexes(table)) {
        if (!index.unique) builds.push({ sql: onTable(index.index_def, target), slow: / USING (gin|gist|spgist) /.test(index.index_def) });
      }
    }
    const queue = [...builds.filter((b) => b.slow), ...builds.filter((b) => !b.slow)].map((b) => b.sql);
    const build = async (runner: QueryRunner): Promise<void> => {
      for (let sql = queue.shift(); sql !== undefined; sql = queue.shift()) {
        await runner.startTransaction();
        try {
          await runner.query(`SET LOCAL maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
          await runner.query(sql);
          await runner.commitTransaction();
        } catch (error) {
          await runner.rollbackTransaction().catch(() => undefined);
          throw error;
        }
      }
    };
    const second = dataSource.createQueryRunner();
    try {
      await second.connect();
      await Promise.all([build(this.runner), build(second)]);
    } finally {
      await second.release();
    }
    for (const table of this.projector.tables) {
      const target = `${this.shadow}.${quoteIdent(table)}`;
      const [relation] = (await this.runner.query(
        `SELECT c.reloptions, t.reloptions AS toast_options, pg_get_userbyid(c.relowner) AS owner, current_user AS me, obj_description(c.oid, 'pg_class') AS comment
           FROM pg_class c LEFT JOIN pg_class t ON t.oid = c.reltoastrelid WHERE c.oid = $1::regclass`,
        [`${this.live}.${quoteIdent(table)}`],
      )) as { reloptions: string[] | null; toast_options: string[] | null; owner: string; me: string; comment: string | null }[];
      const options = [...(relation?.reloptions ?? []), ...(relation?.toast_options ?? []).map((option) => `toast.${option}`)];
      if (options.length > 0) await this.runner.query(`ALTER TABLE ${target} SET (${options.join(', ')})`);
      if (relation?.comment) await this.runner.query(`COMMENT ON TABLE ${target} IS ${quoteLiteral(relation.comment)}`);
      const grants: { grantee: string | null; privilege: string; grantable: boolean }[] = await this.runner.query(
        `SELECT CASE WHEN a.grantee = 0 THEN NULL ELSE pg_get_userbyid(a.grantee) END AS grantee, a.privilege_type AS privilege, a.is_grantable AS grantable
           FROM pg_class c, aclexplode(c.relacl) a WHERE c.oid = $1::regclass AND a.grantee <> c.relowner`,
        [`${this.live}.${quoteIdent(table)}`],
      );
      for (const grant of grants) {
        await this.runner.query(
          `GRANT ${grant.privilege} ON ${target} TO ${grant.grantee === null ? 'PUBLIC' : quoteIdent(grant.grantee)}${grant.grantable ? ' WITH GRANT OPTION' : ''}`,
        );
      }
      if (relation && relation.owner !== relation.me) await this.runner.query(`ALTER TABLE ${target} OWNER TO ${quoteIdent(relation.owner)}`);
    }
  }

  /**
   * Puts the shadow tables in the live ones' place, in the caller's
   * transaction: the live tables move to the retired schema (their indexes
   * with them) and the shadow ones, complete by now, into the live schema
   * under the same names. Readers wait for the few milliseconds the locks are
   * held and then read the new tables. A lock that a long reader holds is
   * waited for in short tries, so readers queued behind the swap never wait
   * long; false when it could not be had, and the caller copies instead.
   */
  async swapTables(): Promise<boolean> {
    const tables = this.projector.tables.map((table) => `${this.live}.${quoteIdent(table)}`).join(', ');
    let locked = false;
    for (let attempt = 0; attempt < SWAP_LOCK_ATTEMPTS && !locked; attempt++) {
      await this.runner.query('SAVEPOINT rebuild_swap');
      try {
        await this.runner.query(`SET LOCAL lock_timeout = '${SWAP_LOCK_TIMEOUT_MS}ms'`);
        await this.runner.query(`LOCK TABLE ${tables} IN ACCESS EXCLUSIVE MODE`);
        await this.runner.query('SET LOCAL lock_timeout TO DEFAULT');
        await this.runner.query('RELEASE SAVEPOINT rebuild_swap');
        locked = true;
      } catch (error) {
        if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
        await this.runner.query('ROLLBACK TO SAVEPOINT rebuild_swap');
        await new Promise((resolve) => setTimeout(resolve, SWAP_LOCK_TIMEOUT_MS));
      }
    }
    if (!locked) return false;
    await this.runner.query(`CREATE SCHEMA ${this.retired}`);
    for (const table of this.projector.tables) {
      await this.runner.query(`ALTER TABLE ${this.live}.${quoteIdent(table)} SET SCHEMA ${this.retired}`);
      await this.runner.query(`ALTER TABLE ${this.shadow}.${quoteIdent(table)} SET SCHEMA ${this.live}`);
    }
    return true;
  }

  /** Replaces the live rows with the shadow rows, in the caller's transaction: every live index is updated row by row. */
  async copyRows(): Promise<void> {
    for (const table of this.projector.tables) {
      const list = (await this.columns(table)).join(', ');
      await this.runner.query(`DELETE FROM ${this.live}.${quoteIdent(table)}`);
      await this.runner.query(`INSERT INTO ${this.live}.${quoteIdent(table)} (${list}) SELECT ${list} FROM ${this.shadow}.${quoteIdent(table)}`);
    }
  }

  async dropShadow(): Promise<void> {
    await this.runner.query(`DROP SCHEMA IF EXISTS ${this.shadow} CASCADE`);
    await this.runner.query(`DROP SCHEMA IF EXISTS ${this.retired} CASCADE`);
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
    // 1. Bulk replay, one transaction per batch; then the rest of the indexes, built once over the loaded rows.
    await replay.replay({ ownTransactions: true });
    await replay.tracker.advance(replay.count, 'finishing');
    const swappable = await replay.swappable();
    if (swappable) await replay.completeShadow(dataSource);

    // 2. Tail and swap, atomically.
    await loadCheckpoint(runner.manager, projector.name);
    await runner.startTransaction();
    try {
      await runner.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projector.name]);
      await runner.query(`SET LOCAL search_path TO ${shadow}, ${live}`);
      await replay.replay({ ownTransactions: false });
      await runner.query(`SET LOCAL search_path TO ${live}`);
      if (!(swappable && (await replay.swapTables()))) await replay.copyRows();
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
