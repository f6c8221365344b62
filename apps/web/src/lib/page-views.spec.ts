import { WEB_ROUTE_PATTERNS } from '@crew/contracts/constants';
import { describe, expect, it, jest, beforeEach } from '@jest/globals';
import type { RouteObject } from 'react-router-dom';
import { buildRouteTable } from '../app/router';
import { saveConsent } from './cookie-consent';
import { flushPageViews, recordPageView, routePattern, SESSION_KEY } from './page-views';

/** Every page of a route table as the tracker names it: the paths of the routes down to a page, joined. */
const patternsOf = (routes: readonly RouteObject[], parents: { route: { path?: string } }[] = []): string[] =>
  routes.flatMap((route) => {
    const chain = [...parents, { route: { path: route.path } }];
    const own = route.index || !route.children ? [routePattern(chain)] : [];
    return [...own, ...patternsOf(route.children ?? [], chain)];
  });

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

  it("knows every page of the router, and the list the API checks is exactly the router's pages", () => {
    const pages = patternsOf(buildRouteTable());
    expect(new Set(pages).size).toBe(pages.length);
    expect([...pages].sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });

  it('sends only the route patterns of the web client', async () => {
    saveConsent({ analytics: true, marketing: false });
    recordPageView('/wp-admin', new Date('2025-06-01T10:00:00.000Z'));
    recordPageView('/voyages/:id', new Date('2025-06-01T10:01:00.000Z'));
    recordPageView('/voyages/:id/secret', new Date('2025-06-01T10:02:00.000Z'));
    flushPageViews();
    expect(beacon).toHaveBeenCalledTimes(1);
    const body = JSON.parse(await readText(beacon.mock.calls[0]![1])) as { views: { path: string }[] };
    expect(body.views.map((view) => view.path)).toEqual(['/voyages/:id']);
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
    expect(body).toEqual({
      session_id: window.localStorage.getItem(SESSION_KEY),
      views: [
        { path: '/', at: '2025-06-01T10:00:00.000Z' },
        { path: '/voyages/:id', at: '2025-06-01T10:01:00.000Z' },
      ],
    });
    saveConsent({ analytics: false, marketing: false });
    recordPageView('/help');
    flushPageViews();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
