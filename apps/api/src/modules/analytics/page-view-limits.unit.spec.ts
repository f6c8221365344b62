import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../../platform/config/app-config';
import { ApiError } from '../../platform/http/api-error';
import { DEFAULT_PAGE_VIEW_LIMITS, PageViewLimits } from './page-view-limits';

describe('page-view beacon limits', () => {
  it('default to 1,200 beacons a minute per address and 120 per browser, and are read from the environment', () => {
    expect(loadConfig({}).pageViewLimits).toEqual(DEFAULT_PAGE_VIEW_LIMITS);
    expect(DEFAULT_PAGE_VIEW_LIMITS).toEqual({ perAddress: 1_200, perSession: 120 });
    expect(loadConfig({ PAGE_VIEW_BEACONS_PER_ADDRESS: '50000', PAGE_VIEW_BEACONS_PER_SESSION: '600' }).pageViewLimits).toEqual({ perAddress: 50_000, perSession: 600 });
    expect(() => loadConfig({ PAGE_VIEW_BEACONS_PER_ADDRESS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAGE_VIEW_BEACONS_PER_SESSION: 'lots' })).toThrow(ConfigError);
  });

  it('refuses with 429 RATE_LIMITED once an address or a browser has spent its minute, counting each apart', async () => {
    const limits = new PageViewLimits({ perAddress: 3, perSession: 2 });
    const browser = randomUUID();
    await limits.take('10.0.0.1', browser);
    await limits.take('10.0.0.1', browser);
    const refused = await limits.take('10.0.0.2', browser).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // The first address has one beacon left for another browser, then none.
    await limits.take('10.0.0.1', randomUUID());
    await expect(limits.take('10.0.0.1', randomUUID())).rejects.toMatchObject({ status: 429 });
    await limits.take('10.0.0.3', randomUUID());
  });
});
