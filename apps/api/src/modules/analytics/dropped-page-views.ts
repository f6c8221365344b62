import type { DataSource } from 'typeorm';
import type { DropReason } from './page-view-limits';

const FLUSH_EVERY_MS = 5_000;

/**
 * Counts the page views the beacon answered but did not record, per UTC day of
 * arrival and reason. A flood is counted in memory and written at most every
 * 5 seconds (one statement), so dropping stays cheap; the figures read it
 * after writing what this process holds.
 */
export class DroppedPageViews {
  private pending = new Map<string, { day: string; reason: DropReason; beacons: number; views: number }>();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly onError: (message: string) => void = () => undefined,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  add(dropped: Partial<Record<DropReason, number>>, now: Date = new Date()): void {
    const day = now.toISOString().slice(0, 10);
    for (const [reason, views] of Object.entries(dropped) as [DropReason, number][]) {
      if (!views) continue;
      const key = `${day}|${reason}`;
      const entry = this.pending.get(key) ?? { day, reason, beacons: 0, views: 0 };
      entry.beacons += 1;
      entry.views += views;
      this.pending.set(key, entry);
    }
  }

  /** Writes what is counted so far (one at a time; a failed write keeps its counts for the next). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.pending.size === 0) return;
      const rows = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.dataSource.query(
          `INSERT INTO analytics_dropped_daily (day, reason, beacons, views)
           SELECT * FROM unnest($1::date[], $2::text[], $3::int[], $4::int[])
           ON CONFLICT (day, reason) DO UPDATE SET beacons = analytics_dropped_daily.beacons + EXCLUDED.beacons, views = analytics_dropped_daily.views + EXCLUDED.views`,
          [rows.map((r) => r.day), rows.map((r) => r.reason), rows.map((r) => r.beacons), rows.map((r) => r.views)],
        );
      } catch (error) {
        for (const row of rows) {
          const key = `${row.day}|${row.reason}`;
          const entry = this.pending.get(key) ?? { ...row, beacons: 0, views: 0 };
          entry.beacons += row.beacons;
          entry.views += row.views;
          this.pending.set(key, entry);
        }
        this.onError(`dropped page views not counted yet: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
