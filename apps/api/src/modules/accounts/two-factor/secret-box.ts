import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * Authenticator secrets are stored encrypted (AES-256-GCM) under a key kept in
 * `platform_secrets` (made on first use, shared by every replica), so a copy of
 * the `users` table alone gives no one a way to make codes.
 */
const KEY_NAME = 'two_factor_key';
const VERSION = 'v1';

/** The key secrets are sealed with (made once, then read). */
export async function twoFactorKeyOf(dataSource: DataSource): Promise<Buffer> {
  await dataSource.query(`INSERT INTO platform_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [KEY_NAME, randomBytes(32).toString('base64url')]);
  const rows: { value: string }[] = await dataSource.query(`SELECT value FROM platform_secrets WHERE name = $1`, [KEY_NAME]);
  if (!rows[0]) throw new Error('The two-step sign-in key is missing from platform_secrets');
  return createHash('sha256').update(rows[0].value).digest();
}

/** `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret, or null when the value is not one this key sealed. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
