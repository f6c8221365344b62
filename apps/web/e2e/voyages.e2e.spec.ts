/// <reference lib="dom" />
// Page functions passed to page.evaluate / waitForFunction run in the browser, hence the DOM types.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor as journeyVisitor } from './support/journey';

/*
 * The voyage journey: a skipper publishes a three-leg voyage from the port
 * search, crew browse it on the map and in the filtered list, the skipper edits,
 * re-prices and cancels it, guests never see drafts, and the dashboard lists it all.
 * The tests share one app and run in order: each builds on the one before.
 */

jest.setTimeout(120_000);

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const SKIPPER = { first_name: 'Ellen', last_name: 'MacArthur', email: 'ellen@crew-e2e.test', password: 'kingfisher-sails' };
const BOAT = { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 } as const;
const TITLE = 'Channel Islands Hop';
const EDITED_TITLE = 'Channel Islands Hop and Back';
const DRAFT_TITLE = 'Secret draft plan';
const GUEST_TITLE = 'Solent Weekend Shakedown';

/** YYYY-MM-DD, `days` from today (UTC; far enough ahead that no time zone makes it past). */
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const START = isoDaysAhead(30);
const END = isoDaysAhead(35); // 5 days: the "1-7 days" bucket
/** The stops' dates: Cherbourg reached on day 1 and left on day 2, Saint-Malo reached and left on day 3. */
const CHERBOURG_IN = isoDaysAhead(31);
const CHERBOURG_OUT = isoDaysAhead(32);
const SAINT_MALO = isoDaysAhead(33);
/** As the detail page writes a date (en-US long form). */
const longDate = (iso: string): string => new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

let token = '';
let voyageId = '';

/** A JSON call to the API as the skipper; fails the test on an unexpected status. */
const api = <T>(method: string, path: string, body: unknown, expected: number): Promise<T> => apiCall<T>(app, token || null, method, path, body, expected);

const visitor = (accessToken: string | null, viewport: { width: number; height: number } = DESKTOP) => journeyVisitor(browser, app, accessToken, viewport);

/** Types into a port combobox and waits for the suggestion whose full name starts with `option`. */
async function searchPort(page: Page, label: string, text: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).fill(text);
  const suggestion = page.getByRole('listbox', { name: `${label} suggestions` }).getByRole('option', { name: new RegExp(`^${option}`) });
  await suggestion.waitFor();
  return suggestion;
}

/** The list's count line once the list has settled on `expected` ("1 voyage found", "0 voyages found"). */
async function expectCount(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    (text) => {
      const list = document.querySelector('section.voyage-list');
      return list !== null && !list.hasAttribute('aria-busy') && document.getElementById('voyage-results')?.textContent === text;
    },
    expected,
    { timeout: 15_000 },
  );
}

/**
 * Waits until the Leaflet map in `selector` has finished moving: no zoom animation,
 * and the same pane position and vector viewBox twenty frames apart (a zoom animates in 250 ms).
 */
async function mapSettled(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(async (sel) => {
    const state = () => {
      const container = document.querySelector(sel);
      if (!container || container.classList.contains('leaflet-zoom-anim')) return null;
      return `${container.querySelector('.leaflet-map-pane')?.getAttribute('style') ?? ''}|${container.querySelector('svg')?.getAttribute('viewBox') ?? ''}`;
    };
    const before = state();
    for (let frame = 0; frame < 20; frame++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    return before !== null && before === state();
  }, selector);
}

/** A full-page screenshot from the top, so the sticky header sits where it belongs. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The titles of the cards on screen. */
const cardTitles = (page: Page): Promise<string[]> => page.getByTestId('voyage-card').locator('.voyage-card__title').allTextContents();

/** Waits until the browser URL has `key=value` in its query (value null: the key is absent). */
const waitForParam = (page: Page, key: string, value: string | null) => page.waitForURL((url) => url.searchParams.get(key) === value);

describe('voyages', () => {
  beforeAll(async () => {
    token = await registerVerified(app, { ...SKIPPER, user_type: 'skipper' });
    const boat = await api<{ is_active: boolean }>('POST', '/api/profile/boats', BOAT, 201);
    expect(boat.is_active).toBe(true);
  }, 60_000);

  it('publishes a three-leg voyage from the port search, after fixing a short title and previewing it', async () => {
    const { context, page } = await visitor(token);
    await page.goto('/create-voyage');
    await page.getByRole('heading', { name: 'Create a voyage', level: 1 }).waitFor();

    // Departure by mouse, the stops and destination by keyboard and mouse.
    await (await searchPort(page, 'Departure port', 'Cowes', 'Cowes, United Kingdom')).click();
    await expect(page.getByRole('combobox', { name: 'Departure port' }).inputValue()).resolves.toBe('Cowes');
    const addStop = page.getByRole('button', { name: '+ Add intermediate stop' });
    await addStop.click();
    await addStop.click();
    // Keyboard: the pointer is moved off the page first, as hovering an option makes it the active one.
    await page.mouse.move(0, 0);
    const cherbourg = await searchPort(page, 'Stop 1', 'cherb', 'Cherbourg, France');
    await expect(cherbourg.getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('combobox', { name: 'Stop 1', exact: true }).press('Enter');
    await expect(page.getByRole('combobox', { name: 'Stop 1', exact: true }).inputValue()).resolves.toBe('Cherbourg');
    await (await searchPort(page, 'Stop 2', 'Saint-Malo', 'Saint-Malo, France')).click();
    await (await searchPort(page, 'Destination port', 'peter port', 'Saint Peter Port, Guernsey')).click();
    const legs = page.locator('.route-leg__line > span:first-child');
    await page.getByText('(3 legs, great-circle)', { exact: false }).waitFor();
    await expect(legs.allTextContents()).resolves.toEqual(['Leg 1: Cowes → Cherbourg', 'Leg 2: Cherbourg → Saint-Malo', 'Leg 3: Saint-Malo → Saint Peter Port']);
    // Cowes to Cherbourg by the straight line crosses the Isle of Wight: the skipper is told, and gives the distance they will sail.
    const firstLeg = page.locator('.route-leg').first();
    await firstLeg.getByText('The straight line crosses land.').waitFor();
    await firstLeg.getByLabel('Your distance for leg 1 (nm)').fill('75');
    await page.getByText('75 nm (your distance)').waitFor();
    expect(await page.locator('.route-leg').nth(2).getByText('The straight line crosses land.').count()).toBe(0);

    await page.getByLabel('Title', { exact: true }).fill('Hop');
    await page.getByLabel('Description').fill('Three short hops through the Channel Islands, with time ashore in each port.');
    await page.getByLabel('Departure date').fill(START);
    await page.getByLabel('Return date').fill(END);
    await page.getByLabel('Arrival at stop 1').fill(CHERBOURG_IN);
    await page.getByLabel('Departure from stop 1').fill(CHERBOURG_OUT);
    await page.getByLabel('Arrival at stop 2').fill(SAINT_MALO);
    await page.getByRole('radio', { name: /^Shared costs/ }).check();
    await page.getByLabel('Amount').fill('150');
    await page.getByLabel('Currency').selectOption('GBP');
    // The only active boat is chosen already.
    await page.getByLabel('Boat for this voyage').locator('option:checked', { hasText: 'Kingfisher (38 ft monohull)' }).waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Publish Voyage' }).click();
    await page.getByText('Title must be at least 5 characters').waitFor();
    await page.getByText('Please correct the highlighted fields.').waitFor();
    expect(page.url()).toMatch(/\/create-voyage$/);
    await page.getByLabel('Title', { exact: true }).fill(TITLE);
    // The last error put right takes the banner with it, before anything is sent again.
    await page.getByText('Title must be at least 5 characters').waitFor({ state: 'detached' });
    await page.getByText('Please correct the highlighted fields.').waitFor({ state: 'detached' });
    await shot(page, 'voyage-create-desktop');

    await page.getByRole('button', { name: 'Preview Voyage' }).click();
    const preview = page.getByRole('dialog', { name: TITLE });
    await preview.waitFor();
    expect(await preview.locator('canvas').count()).toBe(1);
    await expect(preview.locator('.voyage-preview__waypoints li').count()).resolves.toBe(4);
    await preview.getByText('Shared Costs · £150').waitFor();
    await preview.getByRole('button', { name: 'Publish Now' }).click();

    await page.waitForURL(/\/voyages\/[0-9a-f-]{36}$/);
    voyageId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await expect(page.locator('.voyage-detail__title .status-badge').textContent()).resolves.toBe('Active');
    await expect(page.locator('.segment-list .segment__ports').allTextContents()).resolves.toEqual([
      'Cowes → Cherbourg',
      'Cherbourg → Saint-Malo',
      'Saint-Malo → Saint Peter Port',
    ]);
    // Every leg keeps its own dates and duration, the berths crew can apply for, and the skipper's own distance.
    const legFacts = await page
      .locator('.segment-list > li')
      .evaluateAll((items) =>
        items.map((item) =>
          Object.fromEntries(
            Array.from(item.querySelectorAll('.segment__facts > div'), (row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']),
          ),
        ),
      );
    expect(legFacts.map((facts) => [facts['Dates'], facts['Duration'], facts['Berths open']])).toEqual([
      [`${longDate(START)} – ${longDate(CHERBOURG_IN)}`, '1 day', '4'],
      [`${longDate(CHERBOURG_OUT)} – ${longDate(SAINT_MALO)}`, '1 day', '4'],
      [`${longDate(SAINT_MALO)} – ${longDate(END)}`, '2 days', '4'],
    ]);
    expect(legFacts[0]?.['Distance']).toBe("75 nm (skipper's estimate)");
    await page.getByText('Share costs (~£150)').waitFor();
    await page.locator('.boat__name', { hasText: 'Kingfisher' }).waitFor();
    // The route map draws one line per leg.
    await page.getByRole('region', { name: 'Route map' }).locator('path.leaflet-interactive').nth(2).waitFor();
    await mapSettled(page, '.route-map__canvas');
    await shot(page, 'voyage-detail-desktop');
    await context.close();
  });

  it('shows the voyage on the browse map and in the list, and filters it in and out from the URL', async () => {
    expect(voyageId).not.toBe('');
    const { context, page } = await visitor(token);
    await page.goto('/voyages');
    await page.getByRole('heading', { name: 'Voyages', level: 1 }).waitFor();
    await expect(page.getByRole('button', { name: 'Map View' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const map = page.getByTestId('browse-map');
    await page.getByText('1 voyage on the map').waitFor();
    await map.locator('.leaflet-marker-pane').locator('.voyage-marker, .voyage-cluster').first().waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('voyage-map:clusters-drawn').length > 0);
    // A lone voyage is its own marker, titled with the voyage.
    await expect(map.locator('.voyage-marker').first().getAttribute('title')).resolves.toBe(TITLE);
    await mapSettled(page, '.voyage-map__canvas');
    await shot(page, 'voyages-map-desktop');
    // The marker carries only id and title: its popup reads the voyage when opened.
    await map.locator('.voyage-marker').first().click();
    const popup = map.locator('.map-popup');
    await popup.getByText(`Skipper: ${SKIPPER.first_name} ${SKIPPER.last_name}`).waitFor();
    await popup.getByText('Share costs (~£150)').waitFor();
    await expect(popup.getByRole('link', { name: 'View Details' }).getAttribute('href')).resolves.toBe(`/voyages/${voyageId}`);

    await page.getByRole('button', { name: 'List View' }).click();
    await waitForParam(page, 'view', 'list');
    await expectCount(page, '1 voyage found');
    const card = page.getByTestId('voyage-card').filter({ hasText: TITLE });
    await card.getByText('Share costs (~£150)').waitFor();
    await card.getByText('Kingfisher · Monohull · 38 ft').waitFor();
    await shot(page, 'voyages-list-desktop');

    // Text search: a nonsense word out, a word of the title in.
    const search = page.getByPlaceholder('Search by title, port or region');
    await search.fill('zzyzxqv');
    await search.press('Enter');
    await waitForParam(page, 'search', 'zzyzxqv');
    await expectCount(page, '0 voyages found');
    await page.getByText('No published voyage matches these filters.').waitFor();
    await page.getByPlaceholder('Search by title, port or region').fill('islands');
    await page.getByPlaceholder('Search by title, port or region').press('Enter');
    await waitForParam(page, 'search', 'islands');
    await expectCount(page, '1 voyage found');
    await expect(cardTitles(page)).resolves.toEqual([TITLE]);
    await page.getByTestId('search-summary').getByText('islands').waitFor();

    // Departure date: from the day after departure out, from the day before in.
    const from = page.getByLabel('Departing from');
    const dayAfter = new Date(Date.parse(`${START}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(`${START}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await from.fill(dayAfter);
    await waitForParam(page, 'departure_from', dayAfter);
    await expectCount(page, '0 voyages found');
    await page.reload();
    await expectCount(page, '0 voyages found');
    await expect(page.getByLabel('Departing from').inputValue()).resolves.toBe(dayAfter);
    await page.getByLabel('Departing from').fill(dayBefore);
    await waitForParam(page, 'departure_from', dayBefore);
    await expectCount(page, '1 voyage found');

    // Duration: five days is in "1-7 days", not in "1-4 weeks". A filter's radio follows the URL,
    // so it is ticked once the navigation it starts has rendered: click, then wait for the URL.
    const duration = page.getByRole('group', { name: 'Duration' });
    await duration.getByRole('radio', { name: '1-4 weeks' }).click();
    await waitForParam(page, 'duration', 'weeks');
    await expectCount(page, '0 voyages found');
    await page.reload();
    await expectCount(page, '0 voyages found');
    await expect(page.getByRole('group', { name: 'Duration' }).getByRole('radio', { name: '1-4 weeks' }).isChecked()).resolves.toBe(true);
    await page.getByRole('group', { name: 'Duration' }).getByRole('radio', { name: '1-7 days' }).click();
    await waitForParam(page, 'duration', 'days');
    await expectCount(page, '1 voyage found');

    // Contribution: shared costs in, free out.
    const contribution = page.getByRole('group', { name: 'Contribution' });
    await contribution.getByRole('radio', { name: 'Free' }).click();
    await waitForParam(page, 'contribution', 'free');
    await expectCount(page, '0 voyages found');
    await page.reload();
    await expectCount(page, '0 voyages found');
    await expect(page.getByRole('group', { name: 'Contribution' }).getByRole('radio', { name: 'Free' }).isChecked()).resolves.toBe(true);
    await page.getByRole('group', { name: 'Contribution' }).getByRole('radio', { name: 'Shared costs' }).click();
    await waitForParam(page, 'contribution', 'shared');
    await expectCount(page, '1 voyage found');
    await expect(page.getByRole('group', { name: 'Contribution' }).getByRole('radio', { name: 'Shared costs' }).isChecked()).resolves.toBe(true);

    // The URL holds every filter: opened afresh it shows the same view.
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      view: 'list',
      search: 'islands',
      departure_from: dayBefore,
      duration: 'days',
      contribution: 'shared',
    });
    const fresh = await context.newPage();
    await fresh.goto(url.pathname + url.search);
    await expectCount(fresh, '1 voyage found');
    await expect(cardTitles(fresh)).resolves.toEqual([TITLE]);
    await expect(fresh.getByPlaceholder('Search by title, port or region').inputValue()).resolves.toBe('islands');
    await expect(fresh.getByLabel('Departing from').inputValue()).resolves.toBe(dayBefore);
    await expect(fresh.getByRole('group', { name: 'Duration' }).getByRole('radio', { name: '1-7 days' }).isChecked()).resolves.toBe(true);
    await expect(fresh.getByRole('group', { name: 'Contribution' }).getByRole('radio', { name: 'Shared costs' }).isChecked()).resolves.toBe(true);
    await fresh.close();

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((current) => current.search === '?view=list');
    await expectCount(page, '1 voyage found');
    await context.close();
  });

  it('lets the skipper edit the voyage, change its status and contribution, and cancel it', async () => {
    expect(voyageId).not.toBe('');
    const { context, page } = await visitor(token);
    await page.goto('/voyages?view=list');
    await expectCount(page, '1 voyage found');
    await page.getByRole('link', { name: `View details of ${TITLE}` }).click();
    await page.waitForURL(`**/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

    // Edit → the whole form, prefilled.
    await page.getByRole('region', { name: 'Manage your voyage' }).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/voyages/${voyageId}/edit`);
    await page.getByRole('heading', { name: `Edit ${TITLE}`, level: 1 }).waitFor();
    const title = page.getByLabel('Title', { exact: true });
    await expect(title.inputValue()).resolves.toBe(TITLE);
    await page.getByText('(3 legs, 1 with your own distance)', { exact: false }).waitFor();
    // The stops' dates and the leg's own distance come back as they were entered.
    await expect(page.getByLabel('Arrival at stop 1').inputValue()).resolves.toBe(CHERBOURG_IN);
    await expect(page.getByLabel('Departure from stop 1').inputValue()).resolves.toBe(CHERBOURG_OUT);
    await expect(page.getByLabel('Arrival at stop 2').inputValue()).resolves.toBe(SAINT_MALO);
    await expect(page.getByLabel('Your distance for leg 1 (nm)').inputValue()).resolves.toBe('75');
    await title.fill(EDITED_TITLE);
    await page.getByRole('button', { name: 'Update Voyage' }).click();
    await page.waitForURL(`**/voyages/${voyageId}`);
    await page.getByRole('heading', { name: EDITED_TITLE, level: 1 }).waitFor();
    await expect(page.locator('.segment-list .segment__ports').count()).resolves.toBe(3);

    // Status: the owner's selector, and the badge follows (also after a reload).
    const badge = page.locator('.voyage-detail__title .status-badge');
    await expect(badge.textContent()).resolves.toBe('Active');
    await page.getByLabel('Voyage status').selectOption('planning');
    await page.waitForFunction(() => document.querySelector('.voyage-detail__title .status-badge')?.textContent === 'Planning');
    await page.reload();
    await page.getByRole('heading', { name: EDITED_TITLE, level: 1 }).waitFor();
    await expect(badge.textContent()).resolves.toBe('Planning');
    await expect(page.getByLabel('Voyage status').inputValue()).resolves.toBe('planning');

    // Contribution: from shared costs to a paid experience in euros.
    await page.getByRole('button', { name: 'Edit contribution' }).click();
    const editor = page.getByRole('form', { name: 'Edit contribution' });
    await expect(editor.getByLabel('Contribution type').inputValue()).resolves.toBe('shared_costs');
    await editor.getByLabel('Contribution type').selectOption('paid');
    await editor.getByLabel('Currency').selectOption('EUR');
    await editor.getByLabel('Amount').fill('900');
    await editor.getByLabel('Details').fill('Covers food, fuel and marina fees.');
    await editor.getByRole('button', { name: 'Save contribution' }).click();
    await page.getByRole('status').filter({ hasText: 'Contribution updated.' }).waitFor();
    await editor.waitFor({ state: 'detached' });
    const facts = page.getByRole('region', { name: 'Voyage details' });
    await facts.getByText('€900', { exact: true }).waitFor();
    await facts.getByText('Covers food, fuel and marina fees.').waitFor();

    // Cancel: through the confirmation dialog; "Keep voyage" first changes nothing.
    await page.getByRole('region', { name: 'Manage your voyage' }).getByRole('button', { name: 'Cancel Voyage' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Cancel this voyage?' });
    await dialog.getByText('This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Keep voyage' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(badge.textContent()).resolves.toBe('Planning');
    await page.getByRole('region', { name: 'Manage your voyage' }).getByRole('button', { name: 'Cancel Voyage' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Cancel this voyage?' });
    await dialog.getByText(EDITED_TITLE).waitFor();
    await dialog.getByRole('button', { name: 'Cancel Voyage' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('The voyage has been cancelled. 0 crew members were notified.').waitFor();
    await page.waitForFunction(() => document.querySelector('.voyage-detail__title .status-badge')?.textContent === 'Cancelled');
    await page.getByText('This voyage has been cancelled. It stays visible to you and to its applicants.').waitFor();
    expect(await page.getByLabel('Voyage status').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);

    // Cancelled voyages leave the default list and the map.
    await page.goto('/voyages?view=list');
    await expectCount(page, '0 voyages found');
    expect(await page.getByText(EDITED_TITLE).count()).toBe(0);
    await page.goto('/voyages?view=list&status=cancelled');
    await expectCount(page, '1 voyage found');
    const card = page.getByTestId('voyage-card').filter({ hasText: EDITED_TITLE });
    await expect(card.getAttribute('aria-disabled')).resolves.toBe('true');
    await page.goto('/voyages');
    await page.getByText('No voyages found').waitFor();
    await context.close();
  });

  it('shows a guest the published voyages, never a draft', async () => {
    const [cowes, yarmouth] = await Promise.all(
      ['cowes', 'yarmouth'].map(async (q) => {
        const { ports } = await api<{ ports: { id: string; name: string; full_name: string; longitude: number; latitude: number }[] }>(
          'GET',
          `/api/geo/ports/search?q=${q}`,
          undefined,
          200,
        );
        const port = ports.find((p) => p.full_name.endsWith('United Kingdom'));
        if (!port) throw new Error(`no UK port for ${q}`);
        return port;
      }),
    );
    if (!cowes || !yarmouth) throw new Error('ports missing');
    const { boats } = await api<{ boats: { id: string }[] }>('GET', '/api/profile/boats', undefined, 200);
    const published = await api<{ id: string; status: string }>(
      'POST',
      '/api/voyages/',
      {
        title: GUEST_TITLE,
        description: 'A gentle weekend to get to know the boat.',
        estimated_start_date: isoDaysAhead(40),
        estimated_end_date: isoDaysAhead(42),
        boat_id: boats[0]?.id,
        segments: [
          {
            departure_port_id: cowes.id,
            arrival_port_id: yarmouth.id,
            departure_port: cowes.name,
            arrival_port: yarmouth.name,
            departure_coordinates: [cowes.longitude, cowes.latitude],
            arrival_coordinates: [yarmouth.longitude, yarmouth.latitude],
          },
        ],
      },
      201,
    );
    expect(published.status).toBe('active');
    const draft = await api<{ id: string; status: string }>('POST', '/api/voyages/', { title: DRAFT_TITLE, draft: true }, 201);
    expect(draft.status).toBe('draft');

    const { context, page } = await visitor(null, MOBILE);
    // The page carries the guest's answer (read by the server): the voyage is drawn without asking the API for it.
    const voyageReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/voyages/${published.id}`) voyageReads.push(request.url());
    });
    await page.goto(`/voyages/${published.id}`);
    await page.getByRole('heading', { name: GUEST_TITLE, level: 1 }).waitFor();
    await page.locator('.segment__ports', { hasText: `${cowes.name} → ${yarmouth.name}` }).waitFor();
    expect(voyageReads).toEqual([]);
    expect(await page.getByRole('region', { name: 'Manage your voyage' }).count()).toBe(0);
    expect(await page.getByLabel('Voyage status').count()).toBe(0);
    await page.getByRole('region', { name: 'Route map' }).locator('path.leaflet-interactive').first().waitFor();
    await mapSettled(page, '.route-map__canvas');
    await shot(page, 'voyage-detail-mobile');

    await page.goto(`/voyages/${draft.id}`);
    await page.getByRole('heading', { name: 'Voyage not found', level: 1 }).waitFor();
    expect(await page.getByText(DRAFT_TITLE).count()).toBe(0);

    await page.goto('/voyages');
    await page.getByText('1 voyage on the map').waitFor();
    await page.waitForFunction(() => performance.getEntriesByName('voyage-map:clusters-drawn').length > 0);
    await mapSettled(page, '.voyage-map__canvas');
    await shot(page, 'voyages-map-mobile');
    await page.goto('/voyages?view=list');
    await expectCount(page, '1 voyage found');
    await expect(cardTitles(page)).resolves.toEqual([GUEST_TITLE]);
    await shot(page, 'voyages-list-mobile');
    await page.goto('/voyages?view=list&search=secret');
    await expectCount(page, '0 voyages found');
    await context.close();
  });

  it('lists every voyage of the skipper on the dashboard, drafts and cancelled ones included', async () => {
    const { context, page } = await visitor(token);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${SKIPPER.first_name}`, level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'My Voyages' });
    await section.locator('.voyage-row').nth(2).waitFor();
    const rows = await section
      .locator('.voyage-row')
      .evaluateAll((items) => items.map((item) => [item.querySelector('.voyage-row__title')?.textContent ?? '', item.querySelector('.status-badge')?.textContent ?? '']));
    expect(rows.sort()).toEqual(
      [
        [EDITED_TITLE, 'Cancelled'],
        [GUEST_TITLE, 'Active'],
        [DRAFT_TITLE, 'Draft'],
      ].sort(),
    );
    const cancelled = section.locator('.voyage-row').filter({ hasText: EDITED_TITLE });
    await cancelled.getByText('Cowes → Saint Peter Port +2 stops').waitFor();
    expect(await cancelled.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    await section.getByRole('link', { name: `View ${DRAFT_TITLE}` }).click();
    await page.getByRole('heading', { name: DRAFT_TITLE, level: 1 }).waitFor();
    await shot(page, 'dashboard-voyages-desktop');
    await context.close();
  });
});
