import { describe, expect, it } from '@jest/globals';
import { formatEnglish } from './shared-texts';

describe('shared texts in English', () => {
  it('writes whole numbers as Intl writes them in English, grouped by thousands, and anything else through Intl', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 999, 1000, 2000, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, -1_000_000, Number.MAX_SAFE_INTEGER, 1.5, 1234.5678, 1e21]) {
      expect(formatEnglish('{n, number}', { n })).toBe(intl.format(n));
      expect(formatEnglish('{n, plural, other {# left}}', { n })).toBe(`${intl.format(n)} left`);
    }
  });

  it('chooses English plural forms as Intl does: "one" for 1 and -1 alone among whole numbers, exact matches first', () => {
    const rules = new Intl.PluralRules('en-US');
    const berths = '{n, plural, =0 {no berth} one {# berth} other {# berths}}';
    for (const n of [1, 2, 5, 21, 101, 1000, 1.5, -1]) {
      expect(formatEnglish(berths, { n })).toBe(`${new Intl.NumberFormat('en-US').format(n)} ${rules.select(n) === 'one' ? 'berth' : 'berths'}`);
    }
    expect(formatEnglish(berths, { n: 0 })).toBe('no berth');
  });
});
