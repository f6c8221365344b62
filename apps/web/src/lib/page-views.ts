import { isWebRoute, PAGE_VIEWS } from '@crew/contracts/constants';
import { hasConsent } from './cookie-consent';

/**
 * First-party page views, only for visitors who accepted analytics cookies
 * (checked at every view and again before every send; nothing is queued or
 * sent otherwise). A view is the route pattern (`/voyages/:id`, never an id
 * or a query string) and its time; only the router's own patterns
 * (WEB_ROUTE_PATTERNS, which the API also checks) are sent. Views are
 * batched and sent with navigator.sendBeacon: every 20 views, 10 s after the
 * first one queued, and when the page is hidden or left. The browser's analytics id lives in
 * localStorage only while consent lasts: withdrawing consent deletes it.
 */
export const SESSION_KEY = 'crew.analytics_session';
const FLUSH_AFTER_MS = 10_000;
const FLUSH_AT = 20;

let queue: { path: string; at: string }[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** The route pattern of the matched routes: their paths joined (`/admin/analytics`, `/voyages/:id`, `/` for the home page). */
export const routePattern = (matches: readonly { route: { path?: string } }[]): string => {
  const segments = matches.flatMap((match) => (match.route.path ? match.route.path.split('/') : [])).filter(Boolean);
  return `/${segments.join('/')}`;
};

const sessionId = (): string => {
  let id = window.localStorage.getItem(SESSION_KEY);
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) {
    id = crypto.randomUUID();
    window.localStorage.setItem(SESSION_KEY, id);
  }
  return id;
};

const forget = (): void => {
  queue = [];
  if (timer !== null) clearTimeout(timer);
  timer = null;
  window.localStorage.removeItem(SESSION_KEY);
};

export function flushPageViews(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (queue.length === 0) return;
  if (!hasConsent('analytics')) return forget();
  const id = sessionId();
  while (queue.length > 0) {
    const views = queue.splice(0, PAGE_VIEWS.maxViews);
    const body = new Blob([JSON.stringify({ session_id: id, views })], { type: 'application/json' });
    if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(PAGE_VIEWS.path, body);
  }
}

export function recordPageView(path: string, now: Date = new Date()): void {
  if (!hasConsent('analytics')) return forget();
  if (!isWebRoute(path)) return;
  queue.push({ path, at: now.toISOString() });
  if (queue.length >= FLUSH_AT) flushPageViews();
  else timer ??= setTimeout(flushPageViews, FLUSH_AFTER_MS);
}

/** What the app tells the tracker: each page shown, by its history entry's key and its route pattern. */
export interface PageViewTracker {
  seen(key: string, pattern: string): void;
  /** The same, from the routes the location matched (their pattern is made here, so the app's first chunk does not carry this module). */
  seenRoutes(key: string, matches: readonly { route: { path?: string } }[]): void;
  stop(): void;
}

/** Records the first page and every navigation; sends what is queued when the page is hidden. */
export function startPageViewTracker(): PageViewTracker {
  let lastKey: string | null = null;
  const hidden = () => {
    if (document.visibilityState === 'hidden') flushPageViews();
  };
  const consentChanged = () => {
    if (!hasConsent('analytics')) forget();
  };
  window.addEventListener('pagehide', flushPageViews);
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('crew:consent-changed', consentChanged);
  const seen = (key: string, pattern: string) => {
    if (key === lastKey) return;
    lastKey = key;
    recordPageView(pattern);
  };
  return {
    seen,
    seenRoutes: (key, matches) => seen(key, routePattern(matches)),
    stop() {
      window.removeEventListener('pagehide', flushPageViews);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('crew:consent-changed', consentChanged);
    },
  };
}
