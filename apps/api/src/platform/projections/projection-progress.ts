import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { comparePositions, positionFromString, type LogPosition } from '../event-store/event-store.port';

/**
 * Knows how far each projection has got, across processes (LISTEN on the
 * runners' NOTIFY), so an HTTP handler can wait until the projections that the
 * next screen reads have passed the position its command wrote.
 */
export class ProjectionProgress {
  private readonly positions = new Map<string, LogPosition>();
  private readonly waiters = new Set<() => void>();
  private listener: Client | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly dataSource: DataSource,
  ) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString, application_name: 'crew-projection-progress' });
    client.on('notification', (message) => {
      const [name, position] = (message.payload ?? '').split(' ');
      if (name && position) this.report(name, positionFromString(position));
    });
    client.on('error', () => {
      this.listener = null; // waits fall back to reading the checkpoint table
    });
    await client.connect();
    await client.query('LISTEN projection_progress');
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

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    for (const wake of [...this.waiters]) wake();
  }
}
