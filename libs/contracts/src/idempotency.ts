import { z } from 'zod';
import type { HeaderContract } from './routes';
import { IDEMPOTENCY_KEY_PATTERN } from './support-desk';

/**
 * The Idempotency-Key of a member's write that may be sent more than once (a phone replaying what it queued
 * offline: docs/features/offline.md). Keys are the member's own: two members' equal keys never meet.
 */
export const idempotencyKeyHeader = (what: string, fields: string) =>
  ({
    'Idempotency-Key': {
      description:
        `Names one ${what} (1–200 visible ASCII characters; the web client sends a new UUID per ${what}, kept with it while it waits to be sent). ` +
        `A request repeating a key records nothing new and answers the ${what} that key recorded; the same key with another ${fields} is 409 IDEMPOTENCY_KEY_REUSED. ` +
        'Malformed: 400 INVALID_IDEMPOTENCY_KEY.',
      schema: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
    },
  }) as const satisfies Record<string, HeaderContract>;

export const idempotentReplayedHeader = (what: string) =>
  ({
    'Idempotent-Replayed': {
      description: `\`true\` when the answer is the ${what} an earlier request with the same key recorded (nothing new was recorded)`,
      schema: z.literal('true'),
    },
  }) as const satisfies Record<string, HeaderContract>;
