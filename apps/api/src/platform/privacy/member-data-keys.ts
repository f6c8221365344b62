import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** How long a process trusts a key it read (another process may destroy it meanwhile). */
const KEY_CACHE_MS = 30_000;
const KEY_CACHE_SIZE = 10_000;

interface CachedKey {
  readonly key: Buffer | null;
  readonly until: number;
}

/**
 * Each member's data key (AES-256), in a table of its own and nowhere else:
 * never in events, snapshots, jobs or logs. Destroying a member's key leaves a
 * tombstone (no key, the time it went), so what was sealed with it reads as
 * removed, and nothing new is sealed for that member again. The streams that
 * hold a member's sealed values are listed, so erasure can drop their
 * snapshots and refuse new ones.
 */
export class MemberDataKeys {
  private readonly cache = new Map<string, CachedKey>();
  private readonly streamsNoted = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  /** The member's key, made on first use; null once destroyed. */
  async keyFor(memberId: string): Promise<Buffer | null> {
    const cached = this.cached(memberId);
    if (cached !== undefined) return cached;
    await this.dataSource.query('INSERT INTO member_data_keys (member_id, data_key) VALUES ($1, $2) ON CONFLICT (member_id) DO NOTHING', [memberId, randomBytes(32)]);
    return (await this.keysOf([memberId])).get(memberId) ?? null;
  }

  /** The keys of these members (null: destroyed, or never made), in one query for those not cached. */
  async keysOf(memberIds: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const id of new Set(memberIds)) {
      const cached = this.cached(id);
      if (cached === undefined) missing.push(id);
      else found.set(id, cached);
    }
    if (missing.length > 0) {
      const rows = await this.dataSource.query<{ member_id: string; data_key: Buffer | null }[]>(
        'SELECT member_id::text, data_key FROM member_data_keys WHERE member_id = ANY($1::uuid[])',
        [missing],
      );
      const until = this.now() + KEY_CACHE_MS;
      const byId = new Map(rows.map((row) => [row.member_id, row.data_key]));
      for (const id of missing) {
        const key = byId.get(id) ?? null;
        found.set(id, key);
        // A key not made yet is not cached as missing: keyFor may make it in a moment.
        if (byId.has(id)) this.remember(id, { key, until: key === null ? Number.POSITIVE_INFINITY : until });
      }
    }
    return found;
  }

  /** Notes that `streamId` holds values sealed with the member's key (once per process and pair). */
  async noteStream(memberId: string, streamId: string): Promise<void> {
    const pair = `${memberId} ${streamId}`;
    if (this.streamsNoted.has(pair)) return;
    await this.dataSource.query('INSERT INTO member_data_streams (member_id, stream_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [memberId, streamId]);
    if (this.streamsNoted.size > KEY_CACHE_SIZE) this.streamsNoted.clear();
    this.streamsNoted.add(pair);
  }

  /** Destroys the member's key (a tombstone stays); answers the streams that held their sealed values. */
  async destroy(memberId: string): Promise<{ readonly destroyed: boolean; readonly streams: readonly string[] }> {
    const destroyed = await this.dataSource.query<{ member_id: string }[]>(
      `INSERT INTO member_data_keys (member_id, data_key, destroyed_at) VALUES ($1, NULL, now())
       ON CONFLICT (member_id) DO UPDATE SET data_key = NULL, destroyed_at = now() WHERE member_data_keys.data_key IS NOT NULL
       RETURNING member_id`,
      [memberId],
    );
    this.remember(memberId, { key: null, until: Number.POSITIVE_INFINITY });
    const streams = await this.dataSource.query<{ stream_id: string }[]>('SELECT stream_id FROM member_data_streams WHERE member_id = $1 ORDER BY stream_id', [memberId]);
    return { destroyed: destroyed.length > 0, streams: streams.map((row) => row.stream_id) };
  }

  /** True when a member whose values the stream holds has had their key destroyed: no snapshot of it may be kept. */
  async holdsErasedMember(streamId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM member_data_streams s JOIN member_data_keys k ON k.member_id = s.member_id
        WHERE s.stream_id = $1 AND k.data_key IS NULL LIMIT 1`,
      [streamId],
    );
    return rows.length > 0;
  }

  private cached(memberId: string): Buffer | null | undefined {
    const entry = this.cache.get(memberId);
    if (!entry) return undefined;
    if (entry.until < this.now()) {
      this.cache.delete(memberId);
      return undefined;
    }
    return entry.key;
  }

  private remember(memberId: string, entry: CachedKey): void {
    if (this.cache.size >= KEY_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(memberId, entry);
  }
}
