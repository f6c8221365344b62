/**
 * Where a page opens. React Router's <ScrollRestoration> brings back the
 * offset it saved for the history entry's key. An entry the app has not
 * written yet (an address typed, a link from an email, a new tab) has no key,
 * and all of them share the key "default": such a load opened at the offset
 * the last one was left at. A reload kept its key, and its offset, too.
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
  history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}

/** How this document was reached: 'navigate', 'reload', 'back_forward' (Navigation Timing); undefined where unknown. */
function currentNavigationType(): string | undefined {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return undefined;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type;
}
