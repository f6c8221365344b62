import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/**
 * Counts events (failed sign-ins) per key in a fixed window. Shared by every
 * API replica: in Redis when REDIS_URL is set, otherwise in PostgreSQL.
 */
export interface RateLimiter {
  /** Hits in the current window (0 when it has expired). */
  count(key: string): Promise<number>;
  /** Records one hit; returns the hits in the window, including this one. */
  hit(key: string, windowMs: number): Promise<number>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  async count(key: string): Promise<number> {
    const rows: { hits: number }[] = await this.dataSource.query(
      'SELECT hits FROM rate_limit_counters WHERE key = $1 AND window_ends_at > now()',
      [key],
    );
    return rows[0]?.hits ?? 0;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const rows: { hits: number }[] = await this.dataSource.query(
      `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
       VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
         window_ends_at = CASE WHEN c.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE c.window_ends_at END
       RETURNING hits`,
      [key, windowMs],
    );
    return rows[0]!.hits;
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_limit_counters WHERE key = $1', [key]);
  }

  async close(): Promise<void> {
    // the data source is owned by the runtime
  }
}

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'crew:rate:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const [[, hits]] = (await this.redis.multi().incr(this.prefix + key).pexpire(this.prefix + key, windowMs, 'NX').exec()) as [[Error | null, number]];
    return hits;
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
