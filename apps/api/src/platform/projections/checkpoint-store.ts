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
