import { formatPortTime } from './time-format';

describe('times local to the port', () => {
  it('shows the time the skipper entered, with the port zone, not GMT', () => {
    // 09:00 CEST in Cherbourg is 07:00 UTC.
    expect(formatPortTime('2027-08-01T07:00:00.000Z', 'Europe/Paris')).toBe('Sun, 1 Aug 2027, 09:00 CEST');
    expect(formatPortTime('2027-08-01T07:00:00.000Z', 'Europe/London')).toBe('Sun, 1 Aug 2027, 08:00 BST');
    expect(formatPortTime('2027-01-10T07:00:00.000Z', 'Europe/London')).toBe('Sun, 10 Jan 2027, 07:00 GMT');
  });

  it('falls back to the reader’s zone without a known zone, and says nothing of a missing time', () => {
    expect(formatPortTime('2027-08-01T07:00:00.000Z', 'Not/AZone')).toBe(formatPortTime('2027-08-01T07:00:00.000Z'));
    expect(formatPortTime(null, 'Europe/Paris')).toBe('—');
    expect(formatPortTime('not a time', 'Europe/Paris')).toBe('—');
  });
});
