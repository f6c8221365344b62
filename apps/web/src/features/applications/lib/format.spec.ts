import { describe, expect, it } from '@jest/globals';
import { applyFilter, countByStatus, formatDate, formatDuration, formatLegs, formatRoute, humanize, initials } from './format';

describe('application display rules', () => {
  it('names the legs applied for', () => {
    expect(formatLegs([])).toBe('Whole voyage');
    expect(formatLegs([2])).toBe('Leg 2');
    expect(formatLegs([3, 1, 3])).toBe('Legs 1, 3');
  });

  it('counts and filters by status', () => {
    const list = [{ status: 'pending' }, { status: 'pending' }, { status: 'rejected' }] as const;
    expect(countByStatus(list)).toEqual({ all: 3, pending: 2, accepted: 0, rejected: 1, withdrawn: 0, expired: 0 });
    expect(applyFilter(list, 'rejected')).toEqual([{ status: 'rejected' }]);
    expect(applyFilter(list, 'all')).toHaveLength(3);
  });

  it('formats routes, dates, durations, skills and initials', () => {
    expect(formatRoute('Portsmouth', null)).toBe('Portsmouth → TBD');
    expect(formatDate('2026-06-05')).toBe('June 5, 2026');
    expect(formatDate(null)).toBe('TBD');
    expect(formatDuration(3)).toBe('3 days');
    expect(formatDuration(17)).toBe('2 weeks 3 days');
    expect(formatDuration(null)).toBe('TBD');
    expect(humanize('celestial_navigation')).toBe('Celestial navigation');
    expect(initials('ann', 'Bonny')).toBe('AB');
  });
});
