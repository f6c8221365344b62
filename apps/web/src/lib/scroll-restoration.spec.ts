import { describe, expect, it } from '@jest/globals';
import { startFreshLoadsAtTop } from './scroll-restoration';

/** A history whose current entry holds `state`. */
const historyWith = (state: unknown): History => {
  let current = state;
  return {
    get state() {
      return current;
    },
    replaceState: (next: unknown) => {
      current = next;
    },
  } as unknown as History;
};

describe('startFreshLoadsAtTop', () => {
  it('gives an entry loaded afresh (no state: a typed address, a link from an email) a key of its own', () => {
    const first = historyWith(null);
    const second = historyWith(null);
    startFreshLoadsAtTop(first, 'navigate');
    startFreshLoadsAtTop(second, 'navigate');
    const key = (first.state as { key: string }).key;
    expect(key).toMatch(/^[0-9a-z]+$/);
    expect(key).not.toBe('default');
    expect((second.state as { key: string }).key).not.toBe(key);
  });

  it('gives a reloaded entry a new key, keeping the rest of its state', () => {
    const history = historyWith({ key: 'abc123', idx: 2, usr: { from: '/voyages' } });
    startFreshLoadsAtTop(history, 'reload');
    expect(history.state).toEqual({ key: expect.not.stringMatching(/^abc123$/), idx: 2, usr: { from: '/voyages' } });
  });

  it('keeps the key of an entry reached by Back or Forward, so its place comes back', () => {
    const history = historyWith({ key: 'abc123', idx: 2, usr: null });
    startFreshLoadsAtTop(history, 'back_forward');
    expect(history.state).toEqual({ key: 'abc123', idx: 2, usr: null });
  });

  it('treats Back to an entry without a key as a fresh load', () => {
    const history = historyWith(null);
    startFreshLoadsAtTop(history, 'back_forward');
    expect(typeof (history.state as { key?: unknown }).key).toBe('string');
  });
});
