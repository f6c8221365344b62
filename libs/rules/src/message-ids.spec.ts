import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { compiledId } from './message-ids';

/** The id Lingui's CLI writes in a catalogue for a message without context. */
const catalogueId = (message: string): string => createHash('sha256').update(`${message}\u001F`).digest('base64').slice(0, 6);

describe('compiledId', () => {
  it('writes a generated base64 id in base64url, as the compiled code names it', () => {
    expect(compiledId('a+b/c9', 'Some message')).toBe('a-b_c9');
    expect(compiledId('Ab12Cd', 'Some message')).toBe('Ab12Cd');
    expect(compiledId('a/b+cd', undefined)).toBe('a_b-cd');
  });

  it('maps every catalogue id to the url-safe alphabet of the same hash', () => {
    for (const message of ['Verify your email', 'Reset your password', '{count, plural, one {# berth} other {# berths}}', 'Bienvenue à bord']) {
      const key = catalogueId(message);
      const id = compiledId(key, message);
      expect(id).toMatch(/^[A-Za-z0-9_-]{6}$/);
      expect(id).toBe(createHash('sha256').update(`${message}\u001F`).digest('base64url').slice(0, 6));
    }
  });

  it('keeps explicit ids as written: a key that is its own message, or not six characters long', () => {
    expect(compiledId('Saved', 'Saved')).toBe('Saved');
    expect(compiledId('Leg {legs} has no berth left', 'Leg {legs} has no berth left')).toBe('Leg {legs} has no berth left');
    expect(compiledId('ab/c', 'x')).toBe('ab/c');
  });
});
