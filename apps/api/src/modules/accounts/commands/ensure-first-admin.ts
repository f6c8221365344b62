import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../password-hasher';

export type FirstAdminOutcome = { readonly created: false } | { readonly created: true; readonly email: string; readonly generatedPassword: string | null };

/**
 * Makes sure an administrator exists. With ADMIN_EMAIL/ADMIN_PASSWORD that
 * account is created if absent; with neither and no admin yet, one is created
 * with a generated password that the caller prints once.
 */
export const ensureFirstAdmin = async (dataSource: DataSource, email: string | undefined, password: string | undefined): Promise<FirstAdminOutcome> => {
  const address = (email ?? 'admin@crew-finder.local').trim().toLowerCase();
  const existing: { id: string }[] = email
    ? await dataSource.query('SELECT id FROM users WHERE lower(email) = $1', [address])
    : await dataSource.query('SELECT id FROM users WHERE is_admin LIMIT 1');
  if (existing.length > 0) return { created: false };
  const generated = password ? null : randomBytes(12).toString('base64url');
  const inserted: unknown[] = await dataSource.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified)
     VALUES ($1, $2, 'Platform', 'Admin', 'admin', true, true)
     ON CONFLICT DO NOTHING RETURNING id`,
    [address, await hashPassword(password ?? generated!)],
  );
  if (inserted.length === 0) return { created: false }; // another replica won the race
  return { created: true, email: address, generatedPassword: generated };
};
