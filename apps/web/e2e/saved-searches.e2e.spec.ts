/// <reference lib="dom" />
// Page functions passed to page.waitForFunction run in the browser, hence the DOM types.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { apiCall, mailbox, registerVerified, visitor, type MailboxMessage, type NewUser } from './support/journey';

/*
 * The saved searches journey: a crew member moves the browse map to the
 * Solent, saves the search with instant alerts, a skipper publishes a voyage
 * from Cowes, the alert mail arrives with the voyage, the way to manage the
 * alerts and a one-click unsubscribe; its links open the voyage and the saved
 * searches, and the unsubscribe link (no sign-in) turns the alert off.
 * The tests share one app and run in order: each builds on the one before.
 */

jest.setTimeout(150_000);

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const people = {
  crew: { first_name: 'Tracy', last_name: 'Edwards', email: 'tracy@alerts-e2e.test', password: 'maiden-crew-1989', user_type: 'crew' },
  skipper: { first_name: 'Robin', last_name: 'Knox', email: 'robin@alerts-e2e.test', password: 'suhaili-skipper-1', user_type: 'skipper' },
} as const satisfies Record<string, NewUser>;

const SEARCH_NAME = 'Solent weekends';
const TITLE = 'Solent Sunrise Sail';
/** Cowes, where the voyage leaves from: inside the map area the crew member saves. */
const COWES: [number, number] = [-1.2975, 50.7615];
const CHERBOURG: [number, number] = [-1.6222, 49.6453];

const tokens = { crew: '', skipper: '' };
let searchId = '';
let voyageId = '';
let alertMail: MailboxMessage | null = null;

const isoDaysAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** A link of the app as a path, so the browser opens it on the app it drives. */
const pathOf = (link: string): string => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Waits (up to 45 s: the alert is sent by a job once the voyage's read model has it) for mail to `to` whose subject matches. */
async function waitForAlert(to: string, subject: RegExp): Promise<MailboxMessage> {
  for (let waited = 0; waited < 45_000; waited += 250) {
    const found = (await mailbox(app)).find((mail) => mail.to === to && subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

/** Waits until the Leaflet map has finished moving: no zoom animation, and the same pane position twenty frames apart. */
async function mapSettled(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const state = () => {
      const container = document.querySelector('.voyage-map__canvas');
      if (!container || container.classList.contains('leaflet-zoom-anim')) return null;
      return container.querySelector('.leaflet-map-pane')?.getAttribute('style') ?? '';
    };
    const before = state();
    for (let frame = 0; frame < 20; frame++) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    return before !== null && before === state();
  });
}

type SavedSearchAnswer = {
  saved_searches: { id: string; name: string; filters: Record<string, unknown>; bbox: [number, number, number, number] | null; alert: string; new_matches: number }[];
};
const savedSearches = () => apiCall<SavedSearchAnswer>(app, tokens.crew, 'GET', '/api/saved-searches', undefined, 200);

/** Whether [west, south, east, north] holds a point (west above east across the 180° meridian). */
const holds = ([west, south, east, north]: [number, number, number, number], [lon, lat]: [number, number]): boolean =>
  lat >= south && lat <= north && (west <= east ? lon >= west && lon <= east : lon >= west || lon <= east);

describe('saved searches and their alerts', () => {
  beforeAll(async () => {
    tokens.crew = await registerVerified(app, people.crew);
    tokens.skipper = await registerVerified(app, people.skipper);
  }, 90_000);

  it('saves a search from the browse map, with the area the crew member moved the map to and instant alerts', async () => {
    const { context, page } = await visitor(browser, app, tokens.crew);
    await page.goto('/voyages');
    await page.getByRole('heading', { name: 'Voyages', level: 1 }).waitFor();
    const search = page.getByPlaceholder('Search by title, port or region');
    await search.fill('Solent');
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Solent');

    // The map opens on the mid-Atlantic at zoom 3: drag the Solent to its middle, then zoom in on it.
    const map = page.getByTestId('browse-map');
    await map.locator('.leaflet-map-pane').waitFor({ state: 'attached' });
    await mapSettled(page);
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    const [middleX, middleY] = [box.x + box.width / 2, box.y + box.height / 2];
    // At zoom 3 (2048 px around the world) the Solent lies 163 px east and 49 px north of 45° N 30° W.
    await page.mouse.move(middleX, middleY);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(middleX - 16.3 * step, middleY + 4.9 * step);
    // A pause before letting go: no inertia carries the map further.
    await page.waitForTimeout(300);
    await page.mouse.up();
    await mapSettled(page);
    for (let zoom = 0; zoom < 3; zoom++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await mapSettled(page);
    }

    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByText('Matching “Solent”').waitFor();
    await dialog.getByText(/^Map area /).waitFor();
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Solent');
    await expect(dialog.getByLabel('Email alerts').inputValue()).resolves.toBe('daily');
    await dialog.getByLabel('Name').fill(SEARCH_NAME);
    await dialog.getByLabel('Email alerts').selectOption({ label: 'Instantly, for each new voyage' });
    await screenshot(page, 'save-search-dialog-desktop');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Search “${SEARCH_NAME}” saved.`).waitFor();
    await expect(page.getByRole('link', { name: 'See your saved searches' }).getAttribute('href')).resolves.toBe('/saved-searches');
    await context.close();

    const [saved] = (await savedSearches()).saved_searches;
    if (!saved) throw new Error('the search was not saved');
    searchId = saved.id;
    expect(saved).toMatchObject({ name: SEARCH_NAME, filters: { search: 'Solent' }, alert: 'instant', new_matches: 0 });
    // The area is the map's as the crew member left it: around the Solent, far smaller than the world.
    if (!saved.bbox) throw new Error('the search has no map area');
    expect(holds(saved.bbox, COWES)).toBe(true);
    expect(saved.bbox[2] - saved.bbox[0]).toBeLessThan(60);
  });

  it('mails the crew member at once when a skipper publishes a voyage that matches', async () => {
    expect(searchId).not.toBe('');
    const boat = await apiCall<{ id: string }>(app, tokens.skipper, 'POST', '/api/profile/boats', { name: 'Suhaili', boat_type: 'monohull', length_feet: 32, capacity: 4 }, 201);
    const voyage = await apiCall<{ id: string }>(
      app,
      tokens.skipper,
      'POST',
      '/api/voyages/',
      {
        title: TITLE,
        description: 'An early start from Cowes across the Channel to Cherbourg.',
        estimated_start_date: isoDaysAhead(21),
        estimated_end_date: isoDaysAhead(23),
        boat_id: boat.id,
        requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
        segments: [{ departure_port: 'Cowes', departure_coordinates: COWES, arrival_port: 'Cherbourg', arrival_coordinates: CHERBOURG }],
      },
      201,
    );
    voyageId = voyage.id;

    alertMail = await waitForAlert(people.crew.email, new RegExp(TITLE));
    expect(alertMail.subject).toContain(SEARCH_NAME);
    const links = alertMail.links.map(pathOf);
    expect(links).toContain(`/voyages/${voyageId}`);
    expect(links).toContain('/saved-searches');
    expect(links.some((link) => link.startsWith(`/saved-searches/unsubscribe?search=${searchId}&token=`))).toBe(true);
  }, 90_000);

  it('opens the voyage and the saved searches from the mail, and opens the search again on the map', async () => {
    if (!alertMail) throw new Error('no alert mail');
    const links = alertMail.links.map(pathOf);
    const { context, page } = await visitor(browser, app, tokens.crew);
    await page.goto(links.find((link) => link === `/voyages/${voyageId}`) ?? '');
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

    await page.goto(links.find((link) => link === '/saved-searches') ?? '');
    await page.getByRole('heading', { name: 'Saved searches', level: 1 }).waitFor();
    const item = page.getByRole('article', { name: SEARCH_NAME });
    await item.getByText('1 new voyage').waitFor();
    await item.getByText('Matching “Solent”').waitFor();
    await expect(item.getByLabel('Email alerts').inputValue()).resolves.toBe('instant');
    await screenshot(page, 'saved-searches-desktop');

    // Open: browse shows the search on its map area, and the count of new voyages starts again.
    await item.getByRole('button', { name: `Open ${SEARCH_NAME}` }).click();
    await page.waitForURL((url) => url.pathname === '/voyages' && url.searchParams.get('search') === 'Solent' && url.searchParams.has('bbox'));
    await page.getByText('1 voyage on the map').waitFor();
    await page.getByTestId('browse-map').locator('.voyage-marker').first().waitFor();
    await expect(page.getByTestId('browse-map').locator('.voyage-marker').first().getAttribute('title')).resolves.toBe(TITLE);
    expect((await savedSearches()).saved_searches[0]?.new_matches).toBe(0);
    await context.close();
  });

  it('turns the alert off from the mail’s unsubscribe link without signing in', async () => {
    if (!alertMail) throw new Error('no alert mail');
    const unsubscribe = alertMail.links.map(pathOf).find((link) => link.startsWith('/saved-searches/unsubscribe?'));
    if (!unsubscribe) throw new Error('the alert mail has no unsubscribe link');
    const guest = await visitor(browser, app, null);
    await guest.page.goto(unsubscribe);
    await guest.page.getByRole('heading', { name: 'Stop this alert', level: 1 }).waitFor();
    await guest.page.locator('.card p[role="status"]').waitFor();
    expect(await guest.page.getByRole('alert').count()).toBe(0);
    await expect(guest.page.getByRole('link', { name: 'Manage all your alerts' }).getAttribute('href')).resolves.toBe('/saved-searches');
    await screenshot(guest.page, 'alert-unsubscribed-desktop');
    await guest.context.close();

    expect((await savedSearches()).saved_searches[0]?.alert).toBe('off');
    const { context, page } = await visitor(browser, app, tokens.crew);
    await page.goto('/saved-searches');
    const item = page.getByRole('article', { name: SEARCH_NAME });
    await item.getByLabel('Email alerts').waitFor();
    await expect(item.getByLabel('Email alerts').inputValue()).resolves.toBe('off');
    await context.close();

    // A link whose signature does not match turns nothing off and says so.
    const forged = await visitor(browser, app, null);
    await forged.page.goto(`/saved-searches/unsubscribe?search=${searchId}&token=forged`);
    await forged.page
      .getByRole('alert')
      .getByText(/This unsubscribe link is not valid/)
      .waitFor();
    await forged.context.close();
  });
});
