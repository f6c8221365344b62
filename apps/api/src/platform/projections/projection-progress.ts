import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { comparePositions, positionFromString, type LogPosition } from '../event-store/event-store.port';
import { countParkedEvents, PARKED_CHANNEL } from './parked-events';

/** An event of the caller's stream that a projection parked instead of applying. */
export interface ParkedWrite {
  readonly projection: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly error: string;
}

/** What became of a command's write in the read models the next screen reads. */
export interface OwnWriteOutcome {
  /** Every named projection has passed the write (applied or parked it). */
  readonly caughtUp: boolean;
  /** Events of the caller's stream, up to the write, that a named projection parked: the screen cannot show the change. */
  readonly parked: readonly ParkedWrite[];
}

/**
 * Knows how far each projection has got, across processes (LISTEN on the
 * runners' NOTIFY), so an HTTP handler can wait until the projections that the
 * next screen reads have passed the position its command wrote.
 */
export class ProjectionProgress {
  private readonly positions = new Map<string, LogPosition>();
  private readonly waiters = new Set<() => void>();
  private listener: Client | null = null;
  /** Parked events per projection; null when it must be read again (a NOTIFY said it changed, or no listener). */
  private parkedCounts: Map<string, number> | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly dataSource: DataSource,
  ) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString, application_name: 'crew-projection-progress' });
    client.on('notification', (message) => {
      if (message.channel === PARKED_CHANNEL) {
        this.parkedCounts = null;
        return;
      }
      const [name, position] = (message.payload ?? '').split(' ');
      if (name && position) this.report(name, positionFromString(position));
    });
    client.on('error', () => {
      this.listener = null; // waits fall back to reading the checkpoint table
    });
    await client.connect();
    await client.query('LISTEN projection_progress');
    await client.query(`LISTEN ${PARKED_CHANNEL}`);
    this.listener = client;
    // Start from the stored checkpoints, so positionOf knows every projection before its first report.
    const rows: { name: string }[] = await this.dataSource.query('SELECT name FROM projection_checkpoints');
    await this.refresh(rows.map((row) => row.name).filter((name) => !this.positions.has(name)));
  }

  /** The last known position of one projection; undefined when none is known yet. */
  positionOf(name: string): LogPosition | undefined {
    return this.positions.get(name);
  }

  /** Records progress; a rebuild may move a checkpoint, so the last report wins. */
  report(name: string, position: LogPosition): void {
    this.positions.set(name, position);
    for (const wake of [...this.waiters]) wake();
  }

  private passed(names: readonly string[], target: LogPosition): boolean {
    return names.every((name) => {
      const at = this.positions.get(name);
      return at !== undefined && comparePositions(at, target) >= 0;
    });
  }

  private async refresh(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    const rows: { name: string; log_commit: string; log_prepare: string }[] = await this.dataSource.query(
      'SELECT name, log_commit, log_prepare FROM projection_checkpoints WHERE name = ANY($1)',
      [names],
    );
    for (const row of rows) {
      this.positions.set(row.name, { commit: BigInt(row.log_commit), prepare: BigInt(row.log_prepare) });
    }
  }

  /** Resolves true once every named projection has passed `target`, false after the timeout. */
  async waitFor(target: LogPosition, names: readonly string[], timeoutMs = 2_000): Promise<boolean> {
    if (names.length === 0 || this.passed(names, target)) return true;
    await this.refresh(names);
    if (this.passed(names, target)) return true;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        // Without a listener (lost connection) poll the table every 50 ms.
        const timer = setTimeout(wake, Math.min(this.listener ? 250 : 50, Math.max(0, deadline - Date.now())));
        this.waiters.add(wake);
      });
      if (this.passed(names, target)) return true;
      if (!this.listener) await this.refresh(names);
    }
    await this.refresh(names);
    return this.passed(names, target);
  }

  /**
   * Waits like waitFor, then says whether a named projection parked an event
   * of `streamId` at or before `target` instead of applying it: the next
   * screen would then not show the caller's change. Costs nothing more while
   * no projection has a parked event.
   */
  async waitForOwnWrite(target: LogPosition, names: readonly string[], streamId: string, timeoutMs = 2_000): Promise<OwnWriteOutcome> {
    const caughtUp = await this.waitFor(target, names, timeoutMs);
    const counts = await this.currentParkedCounts();
    if (!names.some((name) => (counts.get(name) ?? 0) > 0)) return { caughtUp, parked: [] };
    const rows: { consumer: string; event_id: string; event_type: string; error: string }[] = await this.dataSource.query(
      `SELECT consumer, event_id, event_type, error FROM parked_events
        WHERE consumer = ANY($1) AND stream_id = $2 AND (log_commit, log_prepare) <= ($3::bigint, $4::bigint)
        ORDER BY log_commit, log_prepare`,
      [names, streamId, target.commit.toString(), target.prepare.toString()],
    );
    return {
      caughtUp,
      parked: rows.map((row) => ({ projection: row.consumer, eventId: row.event_id, eventType: row.event_type, error: row.error })),
    };
  }

  private async currentParkedCounts(): Promise<Map<string, number>> {
    if (this.parkedCounts && this.listener) return this.parkedCounts;
    const counts = await countParkedEvents(this.dataSource);
    // Kept only while a listener will say when it changes.
    if (this.listener) this.parkedCounts = counts;
    return counts;
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    for (const wake of [...this.waiters]) wake();
  }
}
