import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGE_LIMITS } from '@crew/contracts';
import type { DataSource } from 'typeorm';

export interface StreamTicketClaims {
  readonly userId: string;
  readonly tokenVersion: number;
  readonly expiresAt: Date;
}

/**
 * Tickets that open the message stream. `EventSource` cannot send an
 * Authorization header, and an access token in a URL would end up in logs
 * and history for seven days; a ticket is asked for with the bearer token,
 * is good for one minute and for the stream only (its own key, so it can
 * never pass as an access token), and carries the account's token version,
 * so "log out everywhere" ends it too. The key is kept in the database, so
 * every replica accepts every ticket.
 */
export class StreamTickets {
  private constructor(private readonly key: Buffer) {}

  static async create(dataSource: DataSource): Promise<StreamTickets> {
    await dataSource.query(`INSERT INTO platform_secrets (name, value) VALUES ('message_stream_key', $1) ON CONFLICT (name) DO NOTHING`, [
      randomBytes(32).toString('base64url'),
    ]);
    const rows: { value: string }[] = await dataSource.query(`SELECT value FROM platform_secrets WHERE name = 'message_stream_key'`);
    return new StreamTickets(Buffer.from(rows[0]!.value, 'base64url'));
  }

  issue(userId: string, tokenVersion: number, now: Date): { ticket: string; expiresAt: Date } {
    const expiresAt = new Date(now.getTime() + MESSAGE_LIMITS.streamTicketSeconds * 1000);
    const payload = Buffer.from(JSON.stringify({ u: userId, v: tokenVersion, e: expiresAt.getTime() })).toString('base64url');
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
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; v?: unknown; e?: unknown };
      if (typeof claims.u !== 'string' || typeof claims.v !== 'number' || typeof claims.e !== 'number') return null;
      if (claims.e <= now.getTime()) return null;
      return { userId: claims.u, tokenVersion: claims.v, expiresAt: new Date(claims.e) };
    } catch {
      return null;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(`message-stream.${payload}`).digest('base64url');
  }
}
