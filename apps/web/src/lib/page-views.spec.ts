import { describe, expect, it, jest, beforeEach } from '@jest/globals';
import { saveConsent } from './cookie-consent';
import { flushPageViews, recordPageView, routePattern, SESSION_KEY } from './page-views';

const readText = (blob: Blob): Promise<string> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('page views', () => {
  const beacon = jest.fn((_url: string, _body: Blob) => true);
  beforeEach(() => {
    window.localStorage.clear();
    beacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  });

  it('names a page by its route pattern, never by its ids', () => {
    expect(routePattern([{ route: {} }, { route: { path: 'voyages/:id' } }])).toBe('/voyages/:id');
    expect(routePattern([{ route: {} }, { route: {} }])).toBe('/');
    expect(routePattern([{ route: { path: 'admin' } }, { route: { path: 'analytics' } }])).toBe('/admin/analytics');
  });

  it('sends nothing and keeps no id without analytics consent', () => {
    recordPageView('/voyages');
    flushPageViews();
    saveConsent({ analytics: false, marketing: true });
    recordPageView('/voyages/:id');
    flushPageViews();
    expect(beacon).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('sends a batch with a session id once analytics are accepted, and forgets the id when consent is withdrawn', async () => {
    saveConsent({ analytics: true, marketing: false });
    recordPageView('/', new Date('2025-06-01T10:00:00.000Z'));
    recordPageView('/voyages/:id', new Date('2025-06-01T10:01:00.000Z'));
    flushPageViews();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/analytics/page-views');
    const body = JSON.parse(await readText(blob)) as { session_id: string; views: unknown[] };
    expect(body).toEqual({ session_id: window.localStorage.getItem(SESSION_KEY), views: [{ path: '/', at: '2025-06-01T10:00:00.000Z' }, { path: '/voyages/:id', at: '2025-06-01T10:01:00.000Z' }] });
    saveConsent({ analytics: false, marketing: false });
    recordPageView('/help');
    flushPageViews();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
