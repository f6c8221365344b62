/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { CHROMIUM, launchBrowser, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor, type NewUser } from './support/journey';

/*
 * Installable and offline (docs/features/offline.md), on the production build: the app meets the install
 * criteria (a valid manifest, a service worker active and controlling); a crew member's voyage sailing soon opens
 * with no network, its crew and float plan with when the copy was last updated; a check-in made offline waits,
 * and once the connection returns is on the server exactly once, even when the client sends it twice; a message
 * written after the signal went (the page open) waits in its thread and is sent once; signing out
 * empties the device's IndexedDB; a new version waits for the member's "Reload" and never reloads by itself.
 */

jest.setTimeout(240_000);

const TITLE = 'Helford River to the Scillies';
const skipper: NewUser = { first_name: 'Tracy', last_name: 'Edwards', email: 'tracy@offline-e2e.test', password: 'maiden-1989-x', user_type: 'skipper' };
const crew: NewUser = { first_name: 'Sam', last_name: 'Davies', email: 'sam@offline-e2e.test', password: 'scallywag-2018', user_type: 'crew' };
const DIST = path.resolve(__dirname, '../dist');

let app: RunningApp;
let browser: Browser;
let skipperToken = '';
let crewToken = '';
let voyageId = '';

type Timeline = { trust: unknown; timeline: { kind: string; summary: string }[] };
const checkInsOnServer = async (kind: string): Promise<number> =>
  (await apiCall<Timeline>(app, skipperToken, 'GET', `/api/voyages/${voyageId}/trust`, undefined, 200)).timeline.filter((entry) => entry.kind === `check_in_${kind}`).length;

/** Polls `check` until it is true (15 s at most). */
const until = async (check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Waits until the service worker controls the page (it claims it on its first install). */
const controlledBy = async (page: Page): Promise<string> => {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
};

/** How many records the device's IndexedDB holds, per store (0 everywhere when it is empty). */
const storedOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const request = indexedDB.open('crew-offline');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const names = [...db.objectStoreNames];
          if (names.length === 0) {
            db.close();
            resolve({});
            return;
          }
          const tx = db.transaction(names, 'readonly');
          const counts: Record<string, number> = {};
          for (const name of names) {
            const count = tx.objectStore(name).count();
            count.onsuccess = () => (counts[name] = count.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
        };
      }),
  );

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  skipperToken = await registerVerified(app, skipper);
  crewToken = await registerVerified(app, crew);
  await apiCall(app, crewToken, 'PUT', '/api/profile/update-emergency-contact', { name: 'Jo Davies', relationship: 'sister', phone: '+44 7700 900111', email: '' }, 200);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Maiden', boat_type: 'monohull', length_feet: 58, capacity: 6 }, 201);
  const today = new Date().toISOString().slice(0, 10);
  voyageId = (
    await apiCall<{ id: string }>(
      app,
      skipperToken,
      'POST',
      '/api/voyages/',
      {
        title: TITLE,
        // Departing today: sailing soon, and check-ins are taken.
        estimated_start_date: today,
        estimated_end_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        boat_id: boat.id,
        is_custom_voyage: true,
        requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
        segments: [
          {
            departure_custom_location: 'Helford River',
            departure_coordinates: [-5.14, 50.09],
            arrival_custom_location: 'St Mary’s',
            arrival_coordinates: [-6.31, 49.92],
            distance_nm: 48,
          },
        ],
      },
      201,
    )
  ).id;
  const applied = await apiCall<{ id?: string; application?: { id: string } }>(
    app,
    crewToken,
    'POST',
    '/api/applications/',
    { voyage_id: voyageId, message: 'Night watches are my favourite.' },
    201,
  );
  await apiCall(app, skipperToken, 'POST', `/api/applications/${applied.application?.id ?? applied.id}/accept`, {}, 200);
  const crewId = (await apiCall<{ id: string }>(app, crewToken, 'GET', '/api/auth/me', undefined, 200)).id;
  const agreement = await apiCall<{ id: string; version: number }>(
    app,
    skipperToken,
    'PUT',
    `/api/voyages/${voyageId}/agreements/${crewId}`,
    { duties: 'Watches on rota and the galley every other day', leaving_early: 'Crew pay their own way home', insurance: 'The boat is insured for crew aboard' },
    200,
  );
  await apiCall(app, crewToken, 'POST', `/api/agreements/${agreement.id}/accept`, { version: agreement.version, share_emergency_contact: true }, 200);
  await apiCall(
    app,
    skipperToken,
    'PUT',
    `/api/voyages/${voyageId}/float-plan`,
    {
      departure_at: new Date(Date.now() + 3_600_000).toISOString(),
      expected_arrival_at: new Date(Date.now() + 30 * 3_600_000).toISOString(),
      boat_description: 'Ketch, 58 ft, white hull, red sails',
      call_sign: 'MDNX1',
      shore_contacts: [{ name: 'Harbour Jo', email: 'jo@shore-offline-e2e.test' }],
    },
    200,
  );
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('installable and offline', () => {
  it('meets the install criteria: a valid manifest, and a service worker active and controlling the page', async () => {
    // A profile of its own: Chromium offers no install in a throwaway (incognito) context, which every other journey uses.
    const profile = mkdtempSync(path.join(os.tmpdir(), 'crew-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      baseURL: app.url,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await controlledBy(page)).toBe(`${app.url}/sw.js`);
      await until(() => page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.state === 'activated')));

      const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(manifestHref).toBe('/manifest.webmanifest');
      const response = await page.request.get(manifestHref!);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      // The Content-Security-Policy lets the page load its manifest and its worker from this origin.
      expect(response.headers()['content-security-policy']).toMatch(/manifest-src 'self'.*worker-src 'self'|worker-src 'self'.*manifest-src 'self'/);
      const manifest = (await response.json()) as {
        name: string;
        short_name: string;
        start_url: string;
        display: string;
        theme_color: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ name: 'Crew Finder', short_name: 'Crew Finder', start_url: '/', display: 'standalone', theme_color: '#0b2540' });
      for (const [sizes, purpose] of [
        ['192x192', 'any'],
        ['512x512', 'any'],
        ['512x512', 'maskable'],
      ]) {
        const icon = manifest.icons.find((candidate) => candidate.sizes === sizes && candidate.purpose === purpose);
        expect(icon).toBeDefined();
        const png = await page.request.get(icon!.src);
        expect([png.status(), png.headers()['content-type']]).toEqual([200, 'image/png']);
        // The PNG's own size (width and height in its header) is the one the manifest names.
        const body = await png.body();
        expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(sizes);
      }

      // Chromium's own verdict: the manifest parses and nothing stands in the way of installing.
      const cdp = await context.newCDPSession(page);
      const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect([parsed.url, parsed.errors]).toEqual([`${app.url}/manifest.webmanifest`, []]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('keeps a guest’s voyage page without the voyage it carried: nothing of the skipper stays on the device', async () => {
    const { context, page } = await visitor(browser, app, null);
    try {
      await page.goto(`/voyages/${voyageId}`);
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await controlledBy(page);
      // Opened again, through the worker: the network's page carries the voyage, and the worker keeps a copy.
      const served = page.waitForResponse((response) => new URL(response.url()).pathname === `/voyages/${voyageId}` && response.request().isNavigationRequest());
      await page.reload();
      expect(await (await served).text()).toContain('id="early-answer"');
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await until(() => page.evaluate(async (id) => (await caches.match(`/voyages/${id}`, { ignoreVary: true })) !== undefined, voyageId));
      const kept = await page.evaluate(async (id) => {
        const copy = await caches.match(`/voyages/${id}`, { ignoreVary: true });
        return { html: (await copy?.text()) ?? '', encoding: copy?.headers.get('content-encoding') ?? null };
      }, voyageId);
      expect(kept.html).toContain('<div id="root">');
      expect(kept.html).not.toContain('early-answer');
      expect(kept.html).not.toContain(skipper.last_name);
      expect(kept.encoding).toBeNull();

      // The copy still opens without a network: the page, which then says the voyage needs a connection.
      await context.setOffline(true);
      await page.reload();
      await page.locator('#root *').first().waitFor();
      expect(await page.evaluate(() => document.getElementById('early-answer'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  let crewContext: BrowserContext;
  let crewPage: Page;

  it('opens the crew member’s voyage with no network: its crew and float plan, and when the copy was last updated', async () => {
    ({ context: crewContext, page: crewPage } = await visitor(browser, app, crewToken));
    const page = crewPage;
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await controlledBy(page);
    // Kept on the device once the app has looked (after the first paint): the page says so.
    const onDevice = page.getByTestId('offline-panel');
    await onDevice.getByText(/Saved on this device for use without a connection\. Last updated/).waitFor({ timeout: 30_000 });
    // The service worker keeps the voyage's page itself too (asked right after the voyage is stored).
    await until(() => page.evaluate(async (id) => (await caches.match(`/voyages/${id}`, { ignoreVary: true })) !== undefined, voyageId));
    // …and every message of the page's language (one file per chunk), so any screen of the app speaks it offline.
    const languageFiles = readdirSync(path.join(DIST, 'assets/i18n')).filter((name) => name.endsWith('-en.js')).length;
    await until(
      async () =>
        (await page.evaluate(async () => (await (await caches.open('crew-assets')).keys()).filter((request) => /\/i18n\/.*-en\.js$/.test(request.url)).length)) >= languageFiles,
      30_000,
    );

    await crewContext.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await onDevice.getByText(/You are offline\. This is the copy of this voyage saved on this device, last updated/).waitFor();
    const plan = page.getByRole('region', { name: 'Float plan' });
    await plan.getByText('Ketch, 58 ft, white hull, red sails').waitFor();
    // The crew aboard, and the emergency contact the crew member chose to share.
    await plan.getByText('Tracy Edwards (skipper), Sam Davies (crew)').waitFor();
    await plan.getByText('Jo Davies', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Your crew agreement' }).getByText('agreement accepted (v1)').waitFor();
    await page.getByRole('heading', { name: 'Legs' }).waitFor();
    await screenshot(page, 'voyage-offline-desktop');

    // A page never opened and not kept: the offline page, in plain words.
    await page.goto('/help/getting-started');
    await page.getByRole('heading', { name: 'You are offline', level: 1 }).waitFor();
    await page.getByRole('link', { name: TITLE }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  });

  it('keeps a check-in made offline as waiting, and once the connection returns it is on the server exactly once', async () => {
    const page = crewPage;
    const sent: { key: string; body: string }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/voyages/${voyageId}/check-ins`)) {
        sent.push({ key: request.headers()['idempotency-key'] ?? '', body: request.postData() ?? '' });
      }
    });
    const checkIn = page.getByRole('region', { name: 'Check in' });
    await checkIn.getByLabel('Note (optional)').fill('Slipped the mooring at dawn');
    await checkIn.getByRole('button', { name: 'Departed' }).click();
    await checkIn.getByText('No connection: the check-in is saved on this device and waiting to send.', { exact: false }).waitFor();
    await page
      .getByTestId('waiting-check-in')
      .getByText(/Departed, made .*: waiting to send/)
      .waitFor();
    expect(await checkInsOnServer('departed')).toBe(0);
    await screenshot(page, 'check-in-waiting-desktop');

    await crewContext.setOffline(false);
    // The browser's `online` event sends it (and background sync, where the browser has it).
    await page.getByTestId('waiting-check-in').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await checkInsOnServer('departed')).toBe(1);
    const first = sent.find((request) => request.body.includes('Slipped the mooring at dawn'));
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);

    // The same request again, with the same key (a second tab, the service worker and the page racing): recorded once.
    const again = await fetch(`${app.url}/api/voyages/${voyageId}/check-ins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${crewToken}`, 'idempotency-key': first!.key },
      body: first!.body,
    });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(await checkInsOnServer('departed')).toBe(1);
  });

  it('records once a check-in the client sent twice because the first answer was lost', async () => {
    const page = crewPage;
    // The server records the first request, but its answer never reaches the phone: it keeps the check-in and sends it again.
    let lost = false;
    await page.route(`**/api/voyages/${voyageId}/check-ins`, async (route) => {
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      return route.abort('internetdisconnected');
    });
    const checkIn = page.getByRole('region', { name: 'Check in' });
    await checkIn.getByLabel('Latitude').fill('49.95');
    await checkIn.getByLabel('Longitude').fill('-6.05');
    await checkIn.getByRole('button', { name: 'Record position' }).click();
    await checkIn.getByText('waiting to send', { exact: false }).waitFor();
    expect(await checkInsOnServer('position')).toBe(1);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByTestId('waiting-check-in').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await checkInsOnServer('position')).toBe(1);
    await page.unroute(`**/api/voyages/${voyageId}/check-ins`);
  });

  it('keeps a message written offline as waiting in the thread, and sends it once when the connection returns', async () => {
    const page = crewPage;
    const started = await apiCall<{ conversation: { id: string } }>(
      app,
      crewToken,
      'POST',
      '/api/conversations',
      { voyage_id: voyageId, message: 'Shall I bring the chart of the Scillies?' },
      201,
    );
    const conversationId = started.conversation.id;
    const onServer = async (text: string) =>
      (await apiCall<{ messages: { body: string }[] }>(app, skipperToken, 'GET', `/api/conversations/${conversationId}/messages`, undefined, 200)).messages.filter(
        (message) => message.body === text,
      ).length;
    await page.goto(`/messages/${conversationId}`);
    const thread = page.getByRole('list', { name: 'Messages with Tracy Edwards' });
    await thread.getByText('Shall I bring the chart of the Scillies?').waitFor();

    // The signal goes while the thread is open: the message waits on the device, in the thread, marked so.
    await crewContext.setOffline(true);
    const box = page.getByLabel('Message Tracy Edwards');
    await box.fill('Off the Lizard now, no signal. See you at St Mary’s.');
    await box.press('Enter');
    const waiting = page.getByTestId('waiting-message');
    await waiting.getByText('Waiting to send').waitFor({ timeout: 30_000 });
    await waiting.getByText('Off the Lizard now, no signal. See you at St Mary’s.').waitFor();
    expect(await onServer('Off the Lizard now, no signal. See you at St Mary’s.')).toBe(0);
    await screenshot(page, 'message-waiting-desktop');

    await crewContext.setOffline(false);
    await waiting.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await onServer('Off the Lizard now, no signal. See you at St Mary’s.')).toBe(1);
    // Sent, it is an ordinary message of the thread.
    await page.reload();
    await thread.getByText('Off the Lizard now, no signal. See you at St Mary’s.').waitFor();
    expect(await onServer('Off the Lizard now, no signal. See you at St Mary’s.')).toBe(1);
  });

  it('empties the device’s IndexedDB when the member signs out', async () => {
    const page = crewPage;
    await page.goto(`/voyages/${voyageId}`);
    await page.getByTestId('offline-panel').waitFor();
    expect((await storedOnDevice(page))['voyages']).toBe(1);
    await page.locator('.user-menu__trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await until(async () => Object.values(await storedOnDevice(page)).every((count) => count === 0));
    expect(await storedOnDevice(page)).toEqual({ copies: 0, voyages: 0, outbox: 0, session: 0 });
    // The pages the service worker kept for the member went too.
    expect(await page.evaluate(() => caches.has('crew-pages'))).toBe(false);
    await crewContext.close();
  });

  it('announces a new version, "A new version is ready — Reload", and never reloads the page by itself', async () => {
    const { context, page } = await visitor(browser, app, null);
    await page.goto('/help');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await controlledBy(page);
    await until(() => page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.state === 'activated')));
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });
    // A page an older worker kept with the voyage answer it carried (before pages were kept without it).
    const OLD_COPY = '/voyages/kept-by-an-older-worker';
    await page.evaluate(async (address) => {
      const html =
        '<!doctype html><head><script type="application/json" id="early-answer" data-url="/api/voyages/x">{"skipper":"Ellen"}</script></head><body><div id="root"></div></body>';
      await (await caches.open('crew-pages')).put(address, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    }, OLD_COPY);
    // The next release: the same worker, a byte different, as a deploy serves it at /sw.js (and its compressed twins).
    const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(DIST, name)).filter((file) => existsSync(file));
    const released = new Map(files.map((file) => [file, readFileSync(file)]));
    const next = `${readFileSync(path.join(DIST, 'sw.js'), 'utf8')}\n// the next release\n`;
    try {
      writeFileSync(path.join(DIST, 'sw.js'), next);
      if (released.has(path.join(DIST, 'sw.js.br'))) writeFileSync(path.join(DIST, 'sw.js.br'), brotliCompressSync(next));
      if (released.has(path.join(DIST, 'sw.js.gz'))) writeFileSync(path.join(DIST, 'sw.js.gz'), gzipSync(next));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
      const notice = page.getByRole('status').filter({ hasText: 'A new version is ready' });
      await notice.waitFor({ timeout: 30_000 });
      await screenshot(page, 'update-ready-desktop');
      // It waits for the member: a while later the page is still the one they were reading, the new version waiting.
      await page.waitForTimeout(3_000);
      expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.state))).toBe('installed');

      // "Reload": the page asks the waiting version to take over (SKIP_WAITING) and loads again once it does,
      // or after three seconds in any case (Chromium can forget a skip-waiting; the navigation makes it look again).
      await page.evaluate(() => {
        const post = ServiceWorker.prototype.postMessage;
        const posted: string[] = [];
        (window as unknown as { posted: string[] }).posted = posted;
        ServiceWorker.prototype.postMessage = function (this: ServiceWorker, ...args: Parameters<typeof post>) {
          posted.push(`${this.state} ${JSON.stringify(args[0])}`);
          return post.apply(this, args);
        } as typeof post;
      });
      const clicked = Date.now();
      await notice.getByRole('button', { name: 'Reload' }).click();
      const posted = await page.evaluate(() => (window as unknown as { posted: string[] }).posted).catch(() => null);
      // Read before the page went (a reload within the moment of the click has no page left to ask).
      if (posted) expect(posted.filter((message) => message.endsWith('{"type":"SKIP_WAITING"}'))).toEqual(['installed {"type":"SKIP_WAITING"}']);
      await until(() => page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage === undefined).catch(() => false), 15_000);
      expect(Date.now() - clicked).toBeLessThan(15_000);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null))).toBeNull();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
      // The new version, once active, has kept that page again without the answer.
      await until(() => page.evaluate(async (address) => !((await (await caches.match(address))?.text()) ?? 'gone').includes('early-answer'), OLD_COPY));
      expect(await page.evaluate(async (address) => (await caches.match(address))?.text(), OLD_COPY)).toContain('<div id="root">');
    } finally {
      for (const [file, content] of released) writeFileSync(file, content);
    }
    await context.close();
  });
});
