import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'sign_in_link' | 'confirm_email_change' | 'undo_email_change';

/**
 * Reset links last 1 hour; verification links a week;
 * sign-in links 15 minutes. An email change waits 24 hours for its link to the
 * new address; the undo link to the old address lasts a week.
 */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 7 * 24 * 3_600_000,
  reset_password: 3_600_000,
  sign_in_link: 15 * 60_000,
  confirm_email_change: 24 * 3_600_000,
  undo_email_change: 7 * 24 * 3_600_000,
};

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The key mailed links are derived with, from the server's signing secret
 * (JWT_SECRET, or the one kept in the database when it is not set).
 *
 * Why derive links at all: a link must be mailed again while it is live (a
 * second "forgot password" re-sends the first link rather than minting more),
 * yet the database keeps only its SHA-256 hash. A link is therefore
 * HMAC-SHA256(key, row id + a random salt kept in the row): the server can
 * rebuild it from the row, but a copy of the auth_tokens table alone cannot
 * (it needs the key, which never sits in that table). Whoever holds the key
 * can sign sessions anyway, so links add nothing an attacker with it lacks.
 */
export const linkKeyFrom = (secret: string): Buffer => createHmac('sha256', secret).update('crew-finder mailed link tokens v1').digest();

const derive = (key: Buffer, id: string, salt: string): string => createHmac('sha256', key).update(`${id}:${salt}`).digest('base64url');

export interface IssuedToken {
  readonly id: string;
  /** The link token, in clear: for the mail only. */
  readonly token: string;
  /** Which mail of this token this is (1 for the first): each gets its own job id. */
  readonly sendNo: number;
}

/**
 * A new token of 256 bits; only its hash is stored. With a key, the token is
 * derived from the row (see linkKeyFrom) so it can be mailed again; `email`
 * names the address a mail about an email change goes to.
 */
export async function issueToken(manager: EntityManager, userId: string, purpose: TokenPurpose, now: Date, options: { key?: Buffer; email?: string } = {}): Promise<IssuedToken> {
  const id = randomUUID();
  const salt = options.key ? randomBytes(16).toString('base64url') : null;
  const token = options.key && salt ? derive(options.key, id, salt) : randomBytes(32).toString('base64url');
  await manager.query(`INSERT INTO auth_tokens (id, user_id, purpose, token_hash, expires_at, email, salt) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    userId,
    purpose,
    hashToken(token),
    new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    options.email ?? null,
    salt,
  ]);
  return { id, token, sendNo: 1 };
}

/**
 * The newest live token of a purpose that can be mailed again, counted as
 * mailed once more; null when there is none, when less than half its life is
 * left (a fresh one serves better), or when the key changed since it was made.
 * Call it with the user's row locked, so two requests agree on one token.
 */
export async function resendableToken(manager: EntityManager, key: Buffer, userId: string, purpose: TokenPurpose, now: Date): Promise<IssuedToken | null> {
  const rows: { id: string; salt: string; token_hash: string }[] = await manager.query(
    `SELECT id, salt, token_hash FROM auth_tokens
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND salt IS NOT NULL AND expires_at > $3
      ORDER BY created_at DESC LIMIT 1`,
    [userId, purpose, new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose] / 2)],
  );
  const row = rows[0];
  if (!row) return null;
  const token = derive(key, row.id, row.salt);
  if (hashToken(token) !== row.token_hash) return null;
  const bumped: { sends: number }[] = await manager.query(`WITH bumped AS (UPDATE auth_tokens SET sends = sends + 1 WHERE id = $1 RETURNING sends) SELECT sends FROM bumped`, [
    row.id,
  ]);
  return { id: row.id, token, sendNo: bumped[0]?.sends ?? 2 };
}

/** The user a live (unused, unexpired) token belongs to, or null. */
export async function findLiveToken(manager: EntityManager, token: string, purpose: TokenPurpose, now: Date): Promise<{ id: string; userId: string } | null> {
  const rows: { id: string; user_id: string }[] = await manager.query(
    `SELECT id, user_id FROM auth_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [hashToken(token), purpose, now],
  );
  return rows[0] ? { id: rows[0].id, userId: rows[0].user_id } : null;
}

/**
 * Marks a live token used and returns its user and the address it was mailed
 * to (email changes only), atomically: of two requests with the same link
 * only one succeeds. Other live tokens of the same purpose for that user are
 * retired too.
 */
export async function consumeTokenRow(manager: EntityManager, token: string, purpose: TokenPurpose, now: Date): Promise<{ userId: string; email: string | null } | null> {
  const rows: { user_id: string; email: string | null }[] = await manager.query(
    // A CTE, because TypeORM answers a bare UPDATE with [rows, count] rather than rows.
    `WITH used AS (
       UPDATE auth_tokens SET used_at = $3
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id, email)
     SELECT user_id, email FROM used`,
    [hashToken(token), purpose, now],
  );
  const row = rows[0];
  if (!row) return null;
  await retireTokens(manager, row.user_id, [purpose], now);
  return { userId: row.user_id, email: row.email };
}

/** Marks a live token used and returns its user (see consumeTokenRow). */
export async function consumeToken(manager: EntityManager, token: string, purpose: TokenPurpose, now: Date): Promise<string | null> {
  return (await consumeTokenRow(manager, token, purpose, now))?.userId ?? null;
}

/** The user a token of this purpose was issued to, used or expired or not; null when no such token is kept. */
export async function tokenOwner(manager: EntityManager, token: string, purpose: TokenPurpose): Promise<string | null> {
  const rows: { user_id: string }[] = await manager.query(`SELECT user_id FROM auth_tokens WHERE token_hash = $1 AND purpose = $2`, [hashToken(token), purpose]);
  return rows[0]?.user_id ?? null;
}

/** Ends every live token of these purposes for a user: their links stop working. */
export async function retireTokens(manager: EntityManager, userId: string, purposes: readonly TokenPurpose[], now: Date): Promise<void> {
  await manager.query(`UPDATE auth_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = ANY($2) AND used_at IS NULL`, [userId, purposes, now]);
}
