import { describe, expect, it } from '@jest/globals';
import { formatApplicationTime } from './relative-time';

const now = new Date('2026-05-10T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatApplicationTime', () => {
  it('says Just now under a minute, and for times ahead of the clock', () => {
    expect(formatApplicationTime(before(0), now)).toBe('Just now');
    expect(formatApplicationTime(before(59_999), now)).toBe('Just now');
    expect(formatApplicationTime(before(-5 * MINUTE), now)).toBe('Just now');
  });

  it('counts minutes, then hours, then days, in whole units', () => {
    expect(formatApplicationTime(before(MINUTE), now)).toBe('1 minute ago');
    expect(formatApplicationTime(before(5 * MINUTE + 40_000), now)).toBe('5 minutes ago');
    expect(formatApplicationTime(before(59 * MINUTE), now)).toBe('59 minutes ago');
    expect(formatApplicationTime(before(HOUR), now)).toBe('1 hour ago');
    expect(formatApplicationTime(before(3 * HOUR + 59 * MINUTE), now)).toBe('3 hours ago');
    expect(formatApplicationTime(before(DAY - 1), now)).toBe('23 hours ago');
    expect(formatApplicationTime(before(DAY), now)).toBe('1 day ago');
    expect(formatApplicationTime(before(2 * DAY + 5 * HOUR), now)).toBe('2 days ago');
    expect(formatApplicationTime(before(45 * DAY), now)).toBe('45 days ago');
  });

  it('accepts a Date and gives nothing for an unreadable value', () => {
    expect(formatApplicationTime(new Date(now.getTime() - 2 * HOUR), now)).toBe('2 hours ago');
    expect(formatApplicationTime('not a date', now)).toBe('');
  });
});
