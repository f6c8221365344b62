import type { DataSource } from 'typeorm';

export type RebuildMode = 'rebuild' | 'verify';
/** replaying: the whole log into the shadow tables; finishing: a rebuild's remaining indexes, then the tail under the checkpoint lock and the swap or the comparison. */
export type RebuildPhase = 'replaying' | 'finishing' | 'done' | 'failed';

export interface RebuildProgress {
  readonly projection: string;
  readonly mode: RebuildMode;
  readonly phase: RebuildPhase;
  readonly events: number;
  /** Events in the log when the run started (it grows with new writes; the tail is replayed at the end). */
  readonly total: number;
  readonly eventsPerSecond: number;
  /** At the current rate; null until there is a rate. */
  readonly secondsLeft: number | null;
  readonly startedAt: Date;
}

/** How often progress is written to projection_rebuilds (the callback hears every batch). */
const WRITE_EVERY_MS = 1_000;
/** Session advisory lock a rebuild or verification of one projection holds while it runs. */
export const REBUILD_LOCK_NAMESPACE = 7303;

/**
 * Tracks one rebuild or verification: computes rate and time left, tells the
 * caller on every batch and writes the figures (at most once a second) to
 * projection_rebuilds, where /api/health of every process reads them.
 * Writing progress is never allowed to fail the rebuild itself.
 */
export class RebuildTracker {
  private events = 0;
  private total: number;
  private phase: RebuildPhase = 'replaying';
  private lastWrite = 0;
  private readonly started = performance.now();
  readonly startedAt = new Date();

  constructor(
    private readonly dataSource: DataSource,
    readonly projection: string,
    readonly mode: RebuildMode,
    total: number,
    private readonly listener?: (progress: RebuildProgress) => void,
  ) {
    this.total = total;
  }

  async start(): Promise<void> {
    await this.dataSource
      .query(
        `INSERT INTO projection_rebuilds (name, mode, phase, events_done, events_total, events_per_second, started_at, updated_at, finished_at, error)
         VALUES ($1, $2, 'replaying', 0, $3, 0, $4, now(), NULL, NULL)
         ON CONFLICT (name) DO UPDATE SET mode = EXCLUDED.mode, phase = EXCLUDED.phase, events_done = 0, events_total = EXCLUDED.events_total,
           events_per_second = 0, started_at = EXCLUDED.started_at, updated_at = now(), finished_at = NULL, error = NULL`,
        [this.projection, this.mode, this.total, this.startedAt],
      )
      .catch(() => undefined);
    this.listener?.(this.snapshot());
  }

  snapshot(): RebuildProgress {
    const seconds = (performance.now() - this.started) / 1_000;
    const eventsPerSecond = seconds > 0 ? this.events / seconds : 0;
    const left = Math.max(0, this.total - this.events);
    return {
      projection: this.projection,
      mode: this.mode,
      phase: this.phase,
      events: this.events,
      total: Math.max(this.total, this.events),
      eventsPerSecond,
      secondsLeft: this.phase === 'done' ? 0 : eventsPerSecond > 0 ? left / eventsPerSecond : null,
      startedAt: this.startedAt,
    };
  }

  async advance(events: number, phase: RebuildPhase = this.phase): Promise<void> {
    this.events = events;
    this.phase = phase;
    this.listener?.(this.snapshot());
    if (performance.now() - this.lastWrite >= WRITE_EVERY_MS || phase !== 'replaying') await this.write(null);
  }

  async finish(outcome: 'done' | 'failed', error?: unknown): Promise<void> {
    this.phase = outcome;
    if (outcome === 'done') this.total = this.events;
    this.listener?.(this.snapshot());
    await this.write(error === undefined ? null : error instanceof Error ? error.message : String(error), true);
  }

  private async write(error: string | null, finished = false): Promise<void> {
    this.lastWrite = performance.now();
    const progress = this.snapshot();
    await this.dataSource
      .query(
        `UPDATE projection_rebuilds SET phase = $2, events_done = $3, events_total = $4, events_per_second = $5, updated_at = now(),
                finished_at = CASE WHEN $6 THEN now() ELSE NULL END, error = $7
          WHERE name = $1 AND started_at = $8`,
        [this.projection, progress.phase, progress.events, progress.total, progress.eventsPerSecond, finished, error?.slice(0, 2000) ?? null, this.startedAt],
      )
      .catch(() => undefined);
  }
}

export interface StoredRebuild {
  readonly name: string;
  readonly mode: RebuildMode;
  readonly phase: RebuildPhase;
  readonly eventsDone: number;
  readonly eventsTotal: number;
  readonly eventsPerSecond: number;
  readonly secondsLeft: number | null;
  readonly startedAt: Date;
  readonly updatedAt: Date;
  readonly finishedAt: Date | null;
  readonly error: string | null;
  /** A run that is not finished and whose process no longer holds its lock: it was interrupted (start it again). */
  readonly interrupted: boolean;
}

/**
 * The latest rebuild or verification of each projection, as any process sees
 * it. A run counts as still running while some session holds its advisory
 * lock; one that stopped without finishing (a killed process) is interrupted.
 */
export const loadRebuilds = async (queryable: Pick<DataSource, 'query'>): Promise<Map<string, StoredRebuild>> => {
  const rows: {
    name: string;
    mode: RebuildMode;
    phase: RebuildPhase;
    events_done: string;
    events_total: string;
    events_per_second: number;
    started_at: Date;
    updated_at: Date;
    finished_at: Date | null;
    error: string | null;
    running: boolean;
  }[] = await queryable.query(
    `SELECT r.*, EXISTS (
              SELECT 1 FROM pg_locks l
               WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                 AND l.classid = $1 AND l.objid = (hashtext(r.name)::bigint & 4294967295)::oid AND l.objsubid = 2
            ) AS running
       FROM projection_rebuilds r`,
    [REBUILD_LOCK_NAMESPACE],
  );
  return new Map(
    rows.map((row) => {
      const done = Number(row.events_done);
      const total = Number(row.events_total);
      const open = row.finished_at === null;
      return [
        row.name,
        {
          name: row.name,
          mode: row.mode,
          phase: row.phase,
          eventsDone: done,
          eventsTotal: total,
          eventsPerSecond: row.events_per_second,
          secondsLeft: open && row.events_per_second > 0 ? Math.max(0, total - done) / row.events_per_second : open ? null : 0,
          startedAt: row.started_at,
          updatedAt: row.updated_at,
          finishedAt: row.finished_at,
          error: row.error,
          interrupted: open && !row.running,
        },
      ];
    }),
  );
};
