import { positionToString, type LogPosition } from '../event-store/event-store.port';

/** Where a projection has got to (ProjectionProgress, in the app). */
export interface ProjectionPositions {
  positionOf(name: string): LogPosition | undefined;
}

interface Entry<T> {
  stamp: string;
  /** When the value being served was read. */
  readAt: number;
  expires: number;
  value: Promise<T>;
  refreshing: boolean;
}

/**
 * Caches answers read from one projection's tables, valid while that
 * projection stays at the position it had when the answer was read: any
 * event it applies makes every entry stale at once, so a command that waited
 * for the projection never reads its own past. The position is taken before
 * the read, so an answer that raced a commit is simply read again. A short
 * lifetime bounds how long data joined in from state tables (names, boats)
 * can lag: past it, the answer is still served (the projection has not moved)
 * while one read refreshes it, so readers never queue behind the refresh.
 * Concurrent identical reads share one query.
 *
 * `movedGraceMs` (default 0: off) trades read-your-writes for cost where an
 * answer is expensive to build and a second of lag is harmless (the browse
 * map's clusters): after the projection moves, an answer read less than that
 * long ago is still served while one read replaces it, so a stream of writes
 * costs at most one rebuild at a time per key instead of one per request.
 */
export class ReadModelCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly progress: ProjectionPositions,
    private readonly projection: string,
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 500,
    private readonly movedGraceMs = 0,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const at = this.progress.positionOf(this.projection);
    if (!at) return load();
    const stamp = positionToString(at);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) {
      if (hit.expires <= now && !hit.refreshing) this.refresh(hit, stamp, load);
      return hit.value;
    }
    if (hit && now - hit.readAt < this.movedGraceMs) {
      if (!hit.refreshing) this.refresh(hit, stamp, load);
      return hit.value;
    }
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { stamp, readAt: now, expires: now + this.ttlMs, value, refreshing: false });
    // Insertion order is age order: drop the oldest beyond the bound.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Reads the answer again in the background; the old one is served until the new one is ready. */
  private refresh(entry: Entry<T>, stamp: string, load: () => Promise<T>): void {
    entry.refreshing = true;
    const readAt = Date.now();
    load().then(
      (fresh) => {
        entry.value = Promise.resolve(fresh);
        entry.stamp = stamp;
        entry.readAt = readAt;
        entry.expires = Date.now() + this.ttlMs;
        entry.refreshing = false;
      },
      () => {
        entry.refreshing = false;
      },
    );
  }
}
