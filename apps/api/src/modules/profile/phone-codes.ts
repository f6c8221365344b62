import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_VERIFICATION } from '@crew/rules';

/**
 * One-time codes of the phone check: drawn at random, stored only as a salted
 * hash bound to the member and the number it was sent to, so the table never
 * holds a code and a code sent to one number never verifies another.
 */
export const newPhoneCode = (): string => String(randomInt(0, 10 ** PHONE_VERIFICATION.codeLength)).padStart(PHONE_VERIFICATION.codeLength, '0');

/** Digits (and a leading +) only: the same number however it is spaced. */
export const phoneKey = (phone: string | null | undefined): string => (phone ?? '').replace(/[^+0-9]/g, '');

const digest = (salt: string, userId: string, phone: string, code: string): Buffer =>
  createHash('sha256')
    .update(`${salt}|${userId}|${phoneKey(phone)}|${code}`)
    .digest();

export const hashPhoneCode = (userId: string, phone: string, code: string): string => {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, userId, phone, code).toString('hex')}`;
};

export const phoneCodeMatches = (stored: string, userId: string, phone: string, code: string): boolean => {
  const [salt, hex] = stored.split('$');
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, 'hex');
  const actual = digest(salt, userId, phone, code);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
};

/** The per-member lock under which codes are sent and tried (one at a time). */
export const PHONE_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtext('phone-verification'), hashtext($1))`;
