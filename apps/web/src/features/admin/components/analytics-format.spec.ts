import { describe, expect, it } from '@jest/globals';
import { shortNumber, signedPercent } from './analytics-format';

describe('analytics figures on screen', () => {
  it('shortens page views at 1K and 1M', () => {
    expect([999, 1_000, 1_250, 999_999, 1_000_000, 3_450_000].map(shortNumber)).toEqual(['999', '1K', '1.3K', '1000K', '1M', '3.5M']);
  });
  it('signs trends', () => {
    expect([12.5, 0, -3].map(signedPercent)).toEqual(['+12.5%', '0%', '-3%']);
  });
});
