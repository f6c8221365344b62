import type { DataSource } from 'typeorm';

export interface ErrorLogEntry {
  readonly level: 'error' | 'warning';
  readonly message: string;
  readonly source: string;
  readonly requestId?: string | null;
}

/** How many entries the table keeps; older ones are deleted as new ones arrive. */
export const ERROR_LOG_KEEP = 1000;
const FLUSH_MS = 250;
const MAX_PENDING = 500;

/**
 * Error-level log entries kept for the System Health tab: the 5xx answers of
 * the exception filter and the server's own errors (projections, jobs,
 * clocks). Writes are batched and never throw: a log that cannot be written
 * must not turn into another error. The table keeps the last 1,000.
 */
export class ErrorLog {
  private pending: ErrorLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly dataSource: DataSource) {}

  record(entry: ErrorLogEntry): void {
    if (this.closed || this.pending.length >= MAX_PENDING) return;
    this.pending.push({ ...entry, message: entry.message.slice(0, 4000), source: entry.source.slice(0, 200) });
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }, FLUSH_MS);
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0);
    if (batch.length === 0 || !this.dataSource.isInitialized) return;
    try {
      await this.dataSource.query(
        `WITH added AS (
           INSERT INTO error_logs (level, message, source, request_id)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) RETURNING id)
         DELETE FROM error_logs WHERE id <= (SELECT max(id) FROM added) - $5`,
        [batch.map((e) => e.level), batch.map((e) => e.message), batch.map((e) => e.source), batch.map((e) => e.requestId ?? null), ERROR_LOG_KEEP],
      );
    } catch {
      // The log is best effort: the process's own log (stderr) still has the entry.
    }
  }

  /** Writes what is pending (tests and shutdown). */
  async drain(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }
    await this.flushing;
  }

  async close(): Promise<void> {
    await this.drain();
    this.closed = true;
  }
}
