import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGE_LIMITS } from '@crew/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';

export interface StreamTicketClaims {
  readonly userId: string;
  readonly tokenVersion: number;
  readonly expiresAt: Date;
  /** Random per ticket: what makes it single-use. */
  readonly nonce: string;
}

/**
 * Records the tickets that opened a stream, for their lifetime, where every
 * replica sees it (Redis, else PostgreSQL): a claim succeeds once per nonce.
 * A rate limiter of one point per key is exactly that, atomically, in both stores.
 */
export class UsedStreamTickets {
  private constructor(private readonly limiter: RateLimiterAbstract) {}

  private static readonly options = { keyPrefix: 'stream_ticket', points: 1, duration: MESSAGE_LIMITS.streamTicketSeconds + 5 };

  static redis(redis: Redis, prefix: string): UsedStreamTickets {
    return new UsedStreamTickets(new RateLimiterRedis({ storeClient: redis, ...UsedStreamTickets.options, keyPrefix: `${prefix}stream_ticket` }));
  }

  static postgres(dataSource: DataSource): UsedStreamTickets {
    return new UsedStreamTickets(
      new RateLimiterPostgres({ storeClient: dataSource, storeType: 'typeorm', tableName: 'message_send_limits', tableCreated: true, ...UsedStreamTickets.options }),
    );
  }

  /** True the first time a nonce is claimed, false after. */
  async claim(nonce: string): Promise<boolean> {
    try {
      await this.limiter.consume(nonce);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }
}

/**
 * Tickets that open the message stream. `EventSource` cannot send an
 * Authorization header, and an access token in a URL would end up in logs
 * and history for seven days; a ticket is asked for with the bearer token,
 * is good for one minute, once, and for the stream only (its own key, so it
 * can never pass as an access token), and carries the account's token
 * version, so "log out everywhere" ends it too. The key is kept in the
 * database, so every replica accepts every ticket; a ticket that opened a
 * stream is recorded (UsedStreamTickets), so a copy from a log, a proxy or
 * the browser history opens nothing. The client asks for a new ticket for
 * each connection.
 */
export class StreamTickets {
  private constructor(private readonly key: Buffer) {}

  static async create(dataSource: DataSource): Promise<StreamTickets> {
    await dataSource.query(`INSERT INTO platform_secrets (name, value) VALUES ('message_stream_key', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64url')]);
    const rows: { value: string }[] = await dataSource.query(`SELECT value FROM platform_secrets WHERE name = 'message_stream_key'`);
    return new StreamTickets(Buffer.from(rows[0]!.value, 'base64url'));
  }

  issue(userId: string, tokenVersion: number, now: Date): { ticket: string; expiresAt: Date } {
    const expiresAt = new Date(now.getTime() + MESSAGE_LIMITS.streamTicketSeconds * 1000);
    const payload = Buffer.from(JSON.stringify({ u: userId, v: tokenVersion, e: expiresAt.getTime(), n: randomBytes(12).toString('base64url') })).toString('base64url');
    return { ticket: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The claims of a good, unexpired ticket, else null. */
  verify(ticket: string, now: Date): StreamTicketClaims | null {
    const [payload, signature, ...rest] = ticket.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; v?: unknown; e?: unknown; n?: unknown };
      if (typeof claims.u !== 'string' || typeof claims.v !== 'number' || typeof claims.e !== 'number' || typeof claims.n !== 'string') return null;
      if (claims.e <= now.getTime()) return null;
      return { userId: claims.u, tokenVersion: claims.v, expiresAt: new Date(claims.e), nonce: claims.n };
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(`message-stream.${payload}`).digest('base64url');
  }
}
