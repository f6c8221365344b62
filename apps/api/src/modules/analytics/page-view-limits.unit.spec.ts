import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ConfigError, loadConfig } from '../../platform/config/app-config';
import type { LimiterFactory } from '../../platform/security/sign-in-throttle';
import { addressKey, PAGE_VIEW_POLICY, PageViewLimits, type PageView } from './page-view-limits';

const memory: LimiterFactory = (options) => new RateLimiterMemory(options);
const NOW = new Date('2025-06-02T12:00:00.000Z');
const views = (n: number, path = '/voyages', at = '2025-06-02T11:59:00.000Z'): PageView[] => Array.from({ length: n }, () => ({ path, at }));

describe('page-view intake limits', () => {
  it('default to 20 browsers a day per address, 60 views a minute per browser, 300 a minute and 5,000 a day per address, and are read from the environment', () => {
    expect(loadConfig({}).pageViewLimits).toEqual(PAGE_VIEW_POLICY);
    expect(PAGE_VIEW_POLICY).toEqual({ browsersPerAddressDay: 20, viewsPerSessionMinute: 60, viewsPerAddressMinute: 300, viewsPerAddressDay: 5_000 });
    expect(
      loadConfig({ PAGE_VIEW_BROWSERS_PER_ADDRESS: '200', PAGE_VIEWS_PER_BROWSER: '120', PAGE_VIEWS_PER_ADDRESS: '3000', PAGE_VIEWS_PER_ADDRESS_DAY: '90000' }).pageViewLimits,
    ).toEqual({ browsersPerAddressDay: 200, viewsPerSessionMinute: 120, viewsPerAddressMinute: 3_000, viewsPerAddressDay: 90_000 });
    expect(() => loadConfig({ PAGE_VIEW_BROWSERS_PER_ADDRESS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAGE_VIEWS_PER_BROWSER: 'lots' })).toThrow(ConfigError);
  });

  it('drops views of paths that are not routes of the web client', async () => {
    const limits = new PageViewLimits(memory);
    const admission = await limits.admit('10.0.0.1', randomUUID(), [...views(1, '/'), ...views(2, '/wp-admin'), ...views(1, '/voyages/:id/secret')], NOW);
    expect(admission.accepted.map((view) => view.path)).toEqual(['/']);
    expect(admission.dropped).toEqual({ unknown_route: 3 });
  });

  it('lets one address bring a limited number of browser ids per day of views, and a browser it brought keeps coming', async () => {
    const limits = new PageViewLimits(memory, { ...PAGE_VIEW_POLICY, browsersPerAddressDay: 3 });
    const browsers = Array.from({ length: 5 }, () => randomUUID());
    const first = await Promise.all(browsers.map((browser) => limits.admit('10.0.0.1', browser, views(2), NOW)));
    expect(first.map((a) => a.accepted.length)).toEqual([2, 2, 2, 0, 0]);
    expect(first[4]!.dropped).toEqual({ browser_limit: 2 });
    // The first browser is already counted for the day; the fourth is still refused.
    expect((await limits.admit('10.0.0.1', browsers[0]!, views(1), NOW)).accepted).toHaveLength(1);
    expect((await limits.admit('10.0.0.1', browsers[3]!, views(1), NOW)).accepted).toHaveLength(0);
    // Views of another day count the browser for that day; another address has its own share.
    expect((await limits.admit('10.0.0.1', browsers[0]!, views(1, '/', '2025-06-01T23:00:00.000Z'), NOW)).accepted).toHaveLength(1);
    expect((await limits.admit('10.0.0.2', browsers[3]!, views(1), NOW)).accepted).toHaveLength(1);
  });

  it('keeps views up to the per-browser and per-address rates and drops the rest, counting it', async () => {
    const limits = new PageViewLimits(memory, { browsersPerAddressDay: 100, viewsPerSessionMinute: 10, viewsPerAddressMinute: 25, viewsPerAddressDay: 1_000 });
    const browser = randomUUID();
    expect((await limits.admit('10.0.0.1', browser, views(8), NOW)).accepted).toHaveLength(8);
    expect(await limits.admit('10.0.0.1', browser, views(5), NOW)).toMatchObject({ accepted: { length: 2 }, dropped: { rate_limit: 3 } });
    const others = [];
    for (let i = 0; i < 4; i++) others.push((await limits.admit('10.0.0.1', randomUUID(), views(10), NOW)).accepted.length);
    // 25 a minute from the address: 10 already taken, then 10 and 5.
    expect(others).toEqual([10, 5, 0, 0]);
  });

  it('caps an address per day as well', async () => {
    const limits = new PageViewLimits(memory, { browsersPerAddressDay: 100, viewsPerSessionMinute: 50, viewsPerAddressMinute: 1_000, viewsPerAddressDay: 120 });
    const kept = [];
    for (let i = 0; i < 4; i++) kept.push((await limits.admit('10.0.0.9', randomUUID(), views(50), NOW)).accepted.length);
    expect(kept).toEqual([50, 50, 20, 0]);
  });

  it('counts IPv6 addresses by their /64 network and IPv4-mapped addresses as IPv4', async () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    const limits = new PageViewLimits(memory, { ...PAGE_VIEW_POLICY, browsersPerAddressDay: 2 });
    const kept = [];
    for (let i = 1; i <= 4; i++) kept.push((await limits.admit(`2001:db8:0:1::${i}`, randomUUID(), views(1), NOW)).accepted.length);
    expect(kept).toEqual([1, 1, 0, 0]);
  });
});
