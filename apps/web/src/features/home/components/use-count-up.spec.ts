import { describe, expect, it } from '@jest/globals';
import { COUNT_UP_MS, countAt } from './use-count-up';

describe('countAt', () => {
  it('starts at 0 and lands exactly on the target after 2 s', () => {
    expect(countAt(1234, 0)).toBe(0);
    expect(countAt(1234, -50)).toBe(0);
    expect(countAt(1234, COUNT_UP_MS)).toBe(1234);
    expect(countAt(1234, COUNT_UP_MS + 500)).toBe(1234);
  });

  it('never goes down while counting', () => {
    let previous = 0;
    for (let t = 0; t <= COUNT_UP_MS; t += 16) {
      const value = countAt(987, t);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(987);
      previous = value;
    }
  });
});
