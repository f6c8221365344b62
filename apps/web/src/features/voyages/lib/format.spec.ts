import { describe, expect, it } from '@jest/globals';
import { formatContribution, formatDate, formatDistance, formatDuration, formatMoney, formatRelativeTime, formatSegmentDuration, initials, truncate } from './format';

describe('formatContribution', () => {
  it('says Free for free voyages, whatever amount is stored', () => {
    expect(formatContribution('free', null, 'GBP')).toBe('Free');
    expect(formatContribution('free', 50, 'USD')).toBe('Free');
  });
  it('shows shared costs with an approximate amount in the currency symbol', () => {
    expect(formatContribution('shared_costs', 120, 'GBP')).toBe('Share costs (~£120)');
    expect(formatContribution('shared_costs', 1250, 'USD')).toBe('Share costs (~$1,250)');
    expect(formatContribution('shared_costs', 99.5, 'EUR')).toBe('Share costs (~€99.50)');
    expect(formatContribution('shared_costs', null, 'EUR')).toBe('Share costs');
  });
  it('shows the amount alone for paid voyages, else Paid', () => {
    expect(formatContribution('paid', 300, 'EUR')).toBe('€300');
    expect(formatContribution('paid', null, 'EUR')).toBe('Paid');
    expect(formatContribution('paid', 0, 'EUR')).toBe('Paid');
  });
  it('says TBD when the type is unknown', () => {
    expect(formatContribution(null, 100, 'GBP')).toBe('TBD');
    expect(formatContribution(undefined, null, null)).toBe('TBD');
  });
  it('formats money with the three currency symbols', () => {
    expect([formatMoney(5, 'USD'), formatMoney(5, 'EUR'), formatMoney(5, 'GBP')]).toEqual(['$5', '€5', '£5']);
  });
});

describe('formatDuration', () => {
  it('counts days under a week', () => {
    expect(formatDuration(1)).toBe('1 day');
    expect(formatDuration(6)).toBe('6 days');
  });
  it('counts weeks and days from 7 days', () => {
    expect(formatDuration(7)).toBe('1 week');
    expect(formatDuration(10)).toBe('1 week 3 days');
    expect(formatDuration(14)).toBe('2 weeks');
    expect(formatDuration(22)).toBe('3 weeks 1 day');
  });
  it('says TBD when unknown', () => {
    expect(formatDuration(null)).toBe('TBD');
    expect(formatDuration(undefined)).toBe('TBD');
  });
  it('shows a leg as hours / 24 rounded, in days', () => {
    expect(formatSegmentDuration(48)).toBe('2 days');
    expect(formatSegmentDuration(60)).toBe('3 days');
    expect(formatSegmentDuration(24)).toBe('1 day');
    expect(formatSegmentDuration(5)).toBe('Under a day');
    expect(formatSegmentDuration(0)).toBe('Under a day');
    expect(formatSegmentDuration(null)).toBe('TBD');
  });
});

describe('formatDate', () => {
  it('uses the en-US long form without shifting the calendar day', () => {
    expect(formatDate('2026-06-05')).toBe('June 5, 2026');
    expect(formatDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatDate('2026-12-31T23:30:00.000Z')).toBe('December 31, 2026');
  });
  it('says TBD when missing or unreadable', () => {
    expect(formatDate(null)).toBe('TBD');
    expect(formatDate('')).toBe('TBD');
    expect(formatDate('soon')).toBe('TBD');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 5, 30, 12);
  it('follows today, yesterday, days, weeks, months', () => {
    expect(formatRelativeTime(new Date(2026, 5, 30, 8), now)).toBe('today');
    expect(formatRelativeTime(new Date(2026, 5, 29, 23), now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(2026, 5, 25), now)).toBe('5 days ago');
    expect(formatRelativeTime(new Date(2026, 5, 16), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(new Date(2026, 5, 1), now)).toBe('4 weeks ago');
    expect(formatRelativeTime(new Date(2026, 4, 1), now)).toBe('2 months ago');
    expect(formatRelativeTime(new Date(2026, 3, 1), now)).toBe('3 months ago');
  });
});

describe('small helpers', () => {
  it('formats distances in nautical miles', () => {
    expect(formatDistance(1234.4)).toBe('1,234 nm');
    expect(formatDistance(null)).toBe('TBD');
  });
  it('falls back to initials', () => {
    expect(initials('ann', 'Bonny')).toBe('AB');
    expect(initials('', '')).toBe('?');
  });
  it('truncates at a word boundary', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('A long passage across the Bay of Biscay', 20)).toBe('A long passage…');
  });
});
