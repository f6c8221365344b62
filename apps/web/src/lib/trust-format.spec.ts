import { describe, expect, it } from '@jest/globals';
import { isoToLocal, localToIso, responseRateLine, responsivenessLine } from './trust-format';

describe('responsiveness lines', () => {
  it('rounds the median up to hours under a day, days above', () => {
    expect(responsivenessLine(null)).toBeNull();
    expect(responsivenessLine(0.5)).toBe('Usually answers within an hour');
    expect(responsivenessLine(5.2)).toBe('Usually answers within 6 hours');
    expect(responsivenessLine(24)).toBe('Usually answers within a day');
    expect(responsivenessLine(30)).toBe('Usually answers within 2 days');
  });

  it('shows the rate as a whole percentage', () => {
    expect(responseRateLine(undefined)).toBeNull();
    expect(responseRateLine(0.834)).toBe('Answers 83% of applications within 7 days');
  });

  it('round-trips a local date and time through ISO', () => {
    expect(isoToLocal(localToIso('2026-07-01T08:30'))).toBe('2026-07-01T08:30');
    expect(localToIso('')).toBeNull();
  });
});
