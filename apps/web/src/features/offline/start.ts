import type { QueryClient } from '@tanstack/react-query';
import { Workbox } from 'workbox-window';
import { activeLocale } from '../../i18n/i18n';
import { localeBasename } from '../../i18n/locale-paths';
import { announceUpdate } from '../../lib/offline-hooks';
import { tokenStore } from '../../lib/token-store';
import { attachQueryClient, forgetMember, publishWaiting, sendWaiting } from './device';
import { openDeviceStore } from './storage/device-store';
import type { PageToWorker, WorkerToPage } from './sw/protocol';
import { reloadStoredVoyages } from './stored-voyages';
import { refreshDevice, voyagePagePaths } from './sync';

/*
 * The offline client's start (docs/features/offline.md), loaded by src/main.tsx after the page has loaded, in an
 * idle moment: nothing of it comes before the first paint. It registers the service worker and announces a new
 * version without ever reloading by itself, keeps the member's voyages sailing soon on the device, sends what
 * waits in the outbox, and clears the device when the member signs out.
 */

/** The stored voyages are refreshed at most this often while the app stays open. */
const REFRESH_EVERY_MS = 10 * 60_000;
/** A new version is looked for this often while the app stays open. */
const UPDATE_CHECK_MS = 60 * 60_000;

let started = false;
let lastRefresh = 0;
let workbox: Workbox | null = null;

const tellWorker = (message: PageToWorker): void => navigator.serviceWorker?.controller?.postMessage(message);

/** The page's address prefix for its language ("" or "/fr"): pages are kept in the form the visitor uses. */
const base = (): string => localeBasename(window.location.pathname) ?? '';

/**
 * For every visitor: the service worker keeps this page (opened before it took control, so not kept as it loaded),
 * the offline page, and the messages of the page's language, each once.
 */
const warmThisPage = (): void => tellWorker({ type: 'WARM', pages: [window.location.pathname, `${base()}/offline`], refresh: false, language: activeLocale(), map: false });

/**
 * The refresh under way: signing out stops it and clears the device only once it has stopped, so no copy it was
 * about to write lands on the device after the member left.
 */
let running: { readonly stop: AbortController; readonly done: Promise<void> } | null = null;

/** Keeps the member's voyages on the device, then has the service worker keep their pages and what they load. */
async function refresh(): Promise<void> {
  if (running && !running.stop.signal.aborted) return running.done;
  await running?.done;
  const stop = new AbortController();
  const done = refreshOnce(stop.signal)
    .catch(() => undefined)
    .finally(() => {
      if (running?.stop === stop) running = null;
    });
  running = { stop, done };
  return done;
}

async function refreshOnce(signal: AbortSignal): Promise<void> {
  const token = tokenStore.get();
  const db = await openDeviceStore()?.catch(() => null);
  if (!token || !db || !navigator.onLine || signal.aborted) return;
  lastRefresh = Date.now();
  const locale = activeLocale();
  const fetcher: typeof fetch = (input, init) => fetch(input, { ...init, signal });
  const outcome = await refreshDevice({ db, token, locale, fetcher }).catch(() => null);
  if (outcome?.outcome !== 'stored' || signal.aborted) return;
  await reloadStoredVoyages();
  const pages = outcome.voyages.flatMap(voyagePagePaths);
  // The offline page, and the pages of the stored voyages, in the address form the member uses.
  // Fetched afresh each time: a voyage's page changes with each release.
  tellWorker({ type: 'WARM', pages: [`${base()}/offline`, ...pages.map((page) => `${base()}${page}`)], refresh: true, language: locale, map: outcome.voyages.length > 0 });
}

/**
 * The member chose "Reload": the waiting version takes over, and the page reloads once it is in control. Chromium
 * forgets a skip-waiting when the current version, stopped to make way, is started again by the page's own requests
 * in that moment (and answers a second skipWaiting() only once the first is settled); a navigation makes it look
 * again, so the page reloads after TAKE_OVER_MS in any case and the new version takes over as it loads.
 */
const TAKE_OVER_MS = 3_000;

function takeUpdate(): void {
  const reload = (): void => {
    window.clearTimeout(fallback);
    window.location.reload();
  };
  const fallback = window.setTimeout(reload, TAKE_OVER_MS);
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  void navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.postMessage({ type: 'SKIP_WAITING' } satisfies PageToWorker));
}

function registerWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  const wb = workbox;
  // A new version is installed and waiting: the member chooses when to reload into it. Never reloads by itself.
  wb.addEventListener('waiting', () => announceUpdate(takeUpdate));
  // The first version takes control at once (clientsClaim): keep what this page needs for offline use.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) return;
    warmThisPage();
    void refresh();
  });
  wb.addEventListener('message', (event) => {
    const message = event.data as WorkerToPage | undefined;
    if (message?.type === 'OUTBOX_CHANGED') void publishWaiting();
  });
  // Already in control (a later visit): the page and its language are kept afresh.
  if (navigator.serviceWorker.controller) warmThisPage();
  void wb.register().catch(() => undefined);
  window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** The member signed out: the refresh under way stops, then the device forgets them. */
async function signOutDevice(): Promise<void> {
  const under = running;
  under?.stop.abort();
  await under?.done;
  await forgetMember(true);
}

export function startOffline(queryClient: QueryClient): void {
  if (started) return;
  started = true;
  attachQueryClient(queryClient);
  registerWorker();

  // Signing out (or a session the server ended) removes the member's data from the device.
  let signedIn = tokenStore.get() !== null;
  tokenStore.subscribe(() => {
    const now = tokenStore.get() !== null;
    if (signedIn && !now) void signOutDevice();
    if (!signedIn && now) void refresh();
    signedIn = now;
  });
  if (signedIn) {
    void publishWaiting()
      .then(() => sendWaiting())
      .then(() => refresh());
  } else {
    void forgetMember(false);
  }
  window.addEventListener('online', () => void sendWaiting().then(() => refresh()));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    void sendWaiting();
    if (Date.now() - lastRefresh > REFRESH_EVERY_MS) void refresh();
    void workbox?.update().catch(() => undefined);
  });
}
