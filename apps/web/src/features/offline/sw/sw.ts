/*
 * The service worker (built by vite-plugin-pwa's injectManifest from this file: apps/web/vite.config.ts; served
 * at /sw.js). What it keeps and why: docs/features/offline.md.
 * - The app's own files are precached (Workbox) and answered from the cache; other built files (the messages of
 *   the page's language, the map's offline world, the administrator's screens) are cached when first fetched,
 *   or ahead when the page asks (WARM).
 * - Pages: the network first (the server writes each page in its language, with its first screen's messages),
 *   the last copy of that address when the network fails or takes over 6 s, else the offline page in the
 *   address's language. API answers are never cached here: the member's voyages live in IndexedDB.
 * - A new version waits until the member chooses to reload (SKIP_WAITING); only the first one takes control at
 *   once, so the page is served offline from its first visit on.
 * - Writes made without a connection are sent by a background sync where the browser has one.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { flushOutbox, httpSender, withOutboxLock } from '../outbox';
import { openDeviceStore, readSession } from '../storage/device-store';
import { keptAgain, keptCopy } from './kept-page';
import { isPageToWorker, OUTBOX_SYNC_TAG, type WorkerToPage } from './protocol';
import { offlinePageFor, splitManifest } from './precache-groups';
import type { WorkerScope } from './worker-scope';

declare const self: WorkerScope;

const PAGES = 'crew-pages';
const ASSETS = 'crew-assets';
const groups = splitManifest(self.__WB_MANIFEST);

precacheAndRoute([...groups.core]);
cleanupOutdatedCaches();
clientsClaim();

// Built files not precached (hashed names: a cached copy never goes stale).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS, matchOptions: { ignoreVary: true }, plugins: [new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })] }),
);

/** A page is kept under its address without the query (a sign-in link's token is never written to the cache). */
const withoutQuery = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return `${url.origin}${url.pathname}`;
  },
};

/** A page is kept without the voyage answer it may carry (kept-page.ts); as Workbox does by default, only a 200. */
const withoutCarriedAnswer = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 ? keptCopy(response) : null),
};

const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: 6,
  // The server varies a page by cookie and languages; the address (with its language prefix) says enough here.
  matchOptions: { ignoreSearch: true, ignoreVary: true },
  plugins: [withoutQuery, withoutCarriedAnswer, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        // Neither the network nor a kept copy of this address: the offline page, in the address's language.
        const url = new URL(options.request.url);
        const offline = offlinePageFor(url.pathname);
        const kept = await caches.open(PAGES).then((cache) => cache.match(offline, { ignoreSearch: true, ignoreVary: true }));
        if (!kept || url.pathname === offline) return kept ?? Response.error();
        return Response.redirect(`${offline}?from=${encodeURIComponent(url.pathname + url.search)}`, 302);
      }
    },
    // The API, the dev mailbox and the static downloads are not pages of the app.
    { denylist: [/^\/api\//, /^\/dev\//, /^\/downloads\//] },
  ),
);

/** Fetches and keeps each URL not kept yet (one failure does not stop the others). */
async function keep(cacheName: string, urls: readonly string[], refresh = false): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    urls.map(async (url) => {
      if (!refresh && (await cache.match(url, { ignoreVary: true }))) return;
      const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
      if (response?.ok) await cache.put(url, await keptCopy(response));
    }),
  );
}

const tellPages = async (message: WorkerToPage): Promise<void> => {
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
};

self.addEventListener('message', (event) => {
  const message = event.data;
  if (!isPageToWorker(message)) return;
  switch (message.type) {
    case 'SKIP_WAITING':
      void self.skipWaiting();
      return;
    case 'WARM':
      event.waitUntil(
        Promise.all([
          keep(PAGES, message.pages, message.refresh),
          keep(ASSETS, groups.languages.get(message.language) ?? []),
          message.map ? keep(ASSETS, groups.map) : Promise.resolve(),
        ]),
      );
      return;
    case 'SIGNED_OUT':
      // Which voyages' pages were kept says which voyages the member sails on: they go with the member's data.
      event.waitUntil(caches.delete(PAGES));
      return;
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.all([
      // Files older builds left in the runtime cache: this build no longer names them.
      caches.open(ASSETS).then(async (cache) => {
        for (const request of await cache.keys()) if (!groups.all.has(new URL(request.url).pathname)) await cache.delete(request);
      }),
      // Pages an older worker kept with the voyage answer they carried: kept again without it.
      caches.open(PAGES).then(async (cache) => {
        for (const request of await cache.keys()) {
          const page = await cache.match(request);
          const again = page ? await keptAgain(page) : null;
          if (again) await cache.put(request, again);
        }
      }),
    ]),
  );
});

/** Sends what waits in the outbox with the session the page left; still waiting: the browser tries again later. */
async function sendWaiting(): Promise<void> {
  const db = await openDeviceStore();
  const session = db && (await readSession(db));
  if (!db || !session) return;
  const report = await withOutboxLock(() => flushOutbox(db, httpSender(session)));
  if (report.sent.length > 0 || report.refused.length > 0) await tellPages({ type: 'OUTBOX_CHANGED' });
  if (report.waiting > 0) throw new Error(`${report.waiting} writes still waiting`);
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendWaiting());
});
