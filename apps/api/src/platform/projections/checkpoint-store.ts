import type { EntityManager } from 'typeorm';
import type { LogPosition } from '../event-store/event-store.port';

interface CheckpointRow {
  log_commit: string;
  log_prepare: string;
}

export class CheckpointMovedError extends Error {
  constructor(readonly consumer: string) {
    super(`Checkpoint of ${consumer} was moved by another process`);
    this.name = 'CheckpointMovedError';
  }
}

/** Reads a consumer's checkpoint, creating it at the start of the log if missing. */
export const loadCheckpoint = async (manager: EntityManager, name: string): Promise<LogPosition> => {
  await manager.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const rows: CheckpointRow[] = await manager.query('SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = $1', [name]);
  const row = rows[0]!;
  return { commit: BigInt(row.log_commit), prepare: BigInt(row.log_prepare) };
};

/**
 * Compare-and-set: advances only from the position this runner last saw, so
 * two processes can never both advance the same checkpoint. Also announces
 * the progress to waiting readers (delivered on commit).
 */
export const advanceCheckpoint = async (manager: EntityManager, name: string, from: LogPosition, to: LogPosition): Promise<void> => {
  // One statement (the update, and the notice only if it moved): wrapped in CTEs so the driver answers with plain rows.
  const rows: { moved: number }[] = await manager.query(
    `WITH moved AS (UPDATE projection_checkpoints
        SET log_commit = $2, log_prepare = $3, updated_at = now(), last_error = NULL, last_error_at = NULL
      WHERE name = $1 AND log_commit = $4 AND log_prepare = $5
      RETURNING name),
     told AS (SELECT pg_notify('projection_progress', $6) FROM moved)
     SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM told)::int AS told`,
    [name, to.commit.toString(), to.prepare.toString(), from.commit.toString(), from.prepare.toString(), `${name} ${to.commit}/${to.prepare}`],
  );
  if (rows[0]?.moved !== 1) throw new CheckpointMovedError(name);
};

export const recordCheckpointError = async (manager: EntityManager, name: string, error: unknown): Promise<void> => {
  const message = error instanceof Error ? error.message : String(error);
  await manager.query('UPDATE projection_checkpoints SET last_error = $2, last_error_at = now() WHERE name = $1', [name, message.slice(0, 2000)]);
};

interface AskedAdvance {
  readonly manager: EntityManager;
  readonly name: string;
  readonly from: LogPosition;
  readonly to: LogPosition;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Checkpoints moved over events their consumer does not act on (most events, for most of a process's twenty
 * consumers): the runners of a process hand those advances here, and the ones asked in the same turn of the event
 * loop go to PostgreSQL as one statement, on the connection of the first that asked, instead of one each. Each is
 * the compare-and-set of advanceCheckpoint with its notice. A row that statement finds locked (a rebuild holds it
 * while it swaps) or moved is advanced on its own, as advanceCheckpoint does, so a held row never holds up the others
 * and a moved one fails with CheckpointMovedError as before.
 */
export class CheckpointAdvances {
  private asked: AskedAdvance[] = [];

  advance(manager: EntityManager, name: string, from: LogPosition, to: LogPosition): Promise<void> {
    return new Promise((resolve, reject) => {
      this.asked.push({ manager, name, from, to, resolve, reject });
      if (this.asked.length === 1) setImmediate(() => void this.send());
    });
  }

  private async send(): Promise<void> {
    const asked = this.asked;
    this.asked = [];
    const [first] = asked;
    const moved = first && asked.length > 1 ? await advanceTogether(first.manager, asked).catch(() => new Set<string>()) : new Set<string>();
    for (const advance of asked) {
      if (moved.has(advance.name)) advance.resolve();
      else advanceCheckpoint(advance.manager, advance.name, advance.from, advance.to).then(advance.resolve, advance.reject);
    }
  }
}

/** The advances that could be made at once, in one statement; the names of those made. */
const advanceTogether = async (manager: EntityManager, asked: readonly AskedAdvance[]): Promise<Set<string>> => {
  const rows: { name: string; told: number }[] = await manager.query(
    `WITH asked AS (
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) AS a(name, from_commit, from_prepare, to_commit, to_prepare)
     ),
     free AS (
       SELECT c.name FROM projection_checkpoints c
         JOIN asked a ON a.name = c.name AND c.log_commit = a.from_commit AND c.log_prepare = a.from_prepare
          FOR UPDATE OF c SKIP LOCKED
     ),
     moved AS (
       UPDATE projection_checkpoints c
          SET log_commit = a.to_commit, log_prepare = a.to_prepare, updated_at = now(), last_error = NULL, last_error_at = NULL
         FROM asked a
        WHERE a.name = c.name AND c.name IN (SELECT name FROM free)
       RETURNING c.name, a.to_commit, a.to_prepare
     ),
     told AS (SELECT pg_notify('projection_progress', name || ' ' || to_commit::text || '/' || to_prepare::text) FROM moved)
     SELECT name, (SELECT count(*) FROM told)::int AS told FROM moved`,
    [
      asked.map((advance) => advance.name),
      asked.map((advance) => advance.from.commit.toString()),
      asked.map((advance) => advance.from.prepare.toString()),
      asked.map((advance) => advance.to.commit.toString()),
      asked.map((advance) => advance.to.prepare.toString()),
    ],
  );
  return new Set(rows.map((row) => row.name));
};
