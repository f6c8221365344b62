import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Where a page opens. The router keeps a key per history entry; Back and
 * Forward bring back the offset saved for the entry's key, any other
 * navigation opens at the top (or at the element its #hash names).
 * An entry the app has not written yet (an address typed, a link from an
 * email, a new tab) has no key, and all of them share the key "default":
 * such a load would open at the offset the last one was left at, and a
 * reload would keep its key and offset too.
 *
 * Run once, before the router starts: an entry loaded afresh or reloaded gets
 * a key of its own, so it starts at the top; an entry reached by Back or
 * Forward keeps its key, and with it the place where the reader left it.
 * (The router reads the key from `history.state.key`, and keeps whatever else
 * the state holds.)
 */
export function startFreshLoadsAtTop(history: History = window.history, navigationType: string | undefined = currentNavigationType()): void {
  const raw: unknown = history.state;
  const state = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  if (navigationType === 'back_forward' && typeof state['key'] === 'string') return;
  // The entry's place in the session (`idx`) is what the router writes, in a replaceState of its own, into an entry
  // without one; written here with the key, the first paint waits for one history write instead of two.
  history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10), idx: typeof state['idx'] === 'number' ? state['idx'] : 0 }, '');
}

/** How this document was reached: 'navigate', 'reload', 'back_forward' (Navigation Timing); undefined where unknown. */
function currentNavigationType(): string | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return undefined;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type;
}

const STORAGE_KEY = 'crew.scroll_positions';
/** Enough entries for any history a reader walks back through; the oldest go first. */
const KEPT = 50;

const readPositions = (): Record<string, number> => {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
};

const savePosition = (key: string, y: number): void => {
  const positions = readPositions();
  delete positions[key];
  positions[key] = y;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete positions[old];
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or refused: Back then opens at the top, nothing worse.
  }
};

/**
 * Back and Forward return to the place left; other navigations open at the
 * top. The offset is followed as the reader scrolls (so it is the one they
 * saw, not one the next page's shorter content forced) and saved when the
 * page is left or the document hidden.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(0);
  const firstEntry = useRef(true);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const saved = navigationType === 'POP' ? readPositions()[location.key] : undefined;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (saved !== undefined || target) {
      if (saved !== undefined) window.scrollTo(0, saved);
      else target?.scrollIntoView();
      current.current = window.scrollY;
    } else {
      // Scrolling (or reading the offset) makes the browser lay the page out there and then; a page
      // the document opens on is at the top already, and laying out its first screen early cost the
      // first paint a layout of its own (about 20 ms on a phone).
      if (!firstEntry.current) window.scrollTo(0, 0);
      current.current = 0;
    }
    firstEntry.current = false;
    const follow = () => {
      current.current = window.scrollY;
    };
    const hide = () => savePosition(location.key, current.current);
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('pagehide', hide);
    return () => {
      window.removeEventListener('scroll', follow);
      window.removeEventListener('pagehide', hide);
      savePosition(location.key, current.current);
    };
    // The location's key names the history entry; nothing else should move the page.
  }, [location.key]);
}
