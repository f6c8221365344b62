import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's recommended cost (19 MiB, 2 passes). */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against an account's hash, or, when there is no such
 * account, against a hash of a random password made with the same cost: an
 * unknown email then takes as long as a known one, so timing does not tell
 * which addresses have accounts. Always false without an account.
 */
export async function verifyPasswordOf(account: { passwordHash: string } | null, password: string): Promise<boolean> {
  if (account) return verifyPassword(account.passwordHash, password);
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
