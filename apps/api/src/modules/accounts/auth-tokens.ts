import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'sign_in_link';

/** Spec and PRODUCT.md: reset links last 1 hour; verification links a week; sign-in links 15 minutes. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 7 * 24 * 3_600_000,
  reset_password: 3_600_000,
  sign_in_link: 15 * 60_000,
};

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 256 random bits, returned once for the email; only its hash is stored. */
export async function issueToken(manager: EntityManager, userId: string, purpose: TokenPurpose, now: Date): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO auth_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4) RETURNING id`,
    [userId, purpose, hashToken(token), new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose])],
  );
  return { id: rows[0]!.id, token };
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
 * Marks a live token used and returns its user, atomically: of two requests
 * with the same link only one succeeds. Other live tokens of the same purpose
 * for that user are retired too.
 */
export async function consumeToken(manager: EntityManager, token: string, purpose: TokenPurpose, now: Date): Promise<string | null> {
  const rows: { user_id: string }[] = await manager.query(
    // A CTE, because TypeORM answers a bare UPDATE with [rows, count] rather than rows.
    `WITH used AS (
       UPDATE auth_tokens SET used_at = $3
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id)
     SELECT user_id FROM used`,
    [hashToken(token), purpose, now],
  );
  const userId = rows[0]?.user_id;
  if (!userId) return null;
  await manager.query(`UPDATE auth_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [userId, purpose, now]);
  return userId;
}
