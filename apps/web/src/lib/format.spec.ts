import { describe, expect, it } from '@jest/globals';
import { formatCalendarDate, formatDate, formatNumber } from './format';

// Written out by hand so pages never pay for Intl's set-up; they must read exactly as Intl's en-US forms do.
describe('formatNumber', () => {
  it('groups digits as toLocaleString("en-US") does', () => {
    for (const value of [0, 7, 42, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 10_000_000, -1, -1234]) {
      expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('writes a fixed number of decimals when asked', () => {
    for (const value of [0.5, 99.5, 1250.25, 1_234_567.89]) {
      expect(formatNumber(value, 2)).toBe(value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    }
    expect(formatNumber(12.345, 0)).toBe('12');
  });
});

describe('formatCalendarDate', () => {
  it("reads as Intl's en-US long and short dates, every month", () => {
    for (let month = 0; month < 12; month++) {
      const date = new Date(2026, month, month + 1);
      expect(formatCalendarDate(date)).toBe(date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
      expect(formatCalendarDate(date, 'short', false)).toBe(date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }));
      expect(formatCalendarDate(date, 'short')).toBe(date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
    }
  });

  it('formatDate reads a calendar date without shifting it, and TBD when missing', () => {
    expect(formatDate('2026-06-05')).toBe('June 5, 2026');
    expect(formatDate(null)).toBe('TBD');
  });
});
