import { IDEMPOTENCY_KEY_PATTERN } from '@crew/contracts';
import { createHash } from 'node:crypto';
import { ApiError } from './api-error';

/** The header a client names a write with, so that sending it again (a retry, a queue replayed after going offline) applies it once. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The header's value: absent is null; one value of 1–200 visible ASCII characters, else 400 INVALID_IDEMPOTENCY_KEY. */
export const idempotencyKeyOf = (header: string | string[] | undefined): string | null => {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new ApiError(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be one value of 1 to 200 visible ASCII characters');
  }
  return header;
};

/**
 * A UUID that is the same for the same member, scope and key, and different for anything else (SHA-256, laid out
 * as an RFC 9562 version-8 UUID): the id a keyed write records under, so a repeat finds it.
 */
export const idempotentId = (userId: string, scope: string, key: string): string => {
  const hex = createHash('sha256').update(`${scope}\u0000${userId}\u0000${key}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
