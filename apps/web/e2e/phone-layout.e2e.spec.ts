/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Page functions passed to page.evaluate / waitForFunction run in the browser, hence the DOM types.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { DESKTOP, launchBrowser, MOBILE, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor, type NewUser } from './support/journey';

/*
 * Every journey on a phone (390 and 320 px wide, touch) and at 1280 px, with
 * the text people write at its most awkward: a word longer than a phone is
 * wide, and a long URL, in a voyage's title, description, legs and
 * contribution notes, an application, a crew agreement, messages, reviews, a
 * profile and a support ticket. No screen scrolls sideways; the agreement's
 * terms read in full; the conversation list fits with an ellipsis; the unread
 * badge shows on the menu button; the browse map has the first screen and its
 * popup gives dates and contribution; the voyage page keeps Apply at the
 * bottom of the screen; a fresh load starts at the top while back returns
 * to where the reader was. Every page visited is audited with axe.
 */

jest.setTimeout(300_000);

const DAY_MS = 86_400_000;
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** As the app writes a calendar date (en-US: "July 4, 2026"). */
const longDate = (iso: string): string => new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Wider than any phone, with nowhere to break: 135 letters. */
const WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3);
const URL_TEXT = `https://charts.example.org/SolentEastWestApproachesAndTheNeedlesChannel${'Z'.repeat(60)}`;
const TITLE = `Solent ${'Hurstcastleneedleschannelyarmouthroads'.repeat(2)}`;
const START = isoDaysAhead(30);
const END = isoDaysAhead(33);
const CLOSED_TITLE = 'Cowes to Cherbourg';

let app: RunningApp;
let browser: Browser;
const skipper: NewUser = { first_name: 'Ellen', last_name: 'MacArthur', email: 'ellen@phone-e2e.test', password: 'kingfisher-2005', user_type: 'skipper' };
const crew: NewUser = { first_name: 'Dee', last_name: 'Caffari', email: 'dee@phone-e2e.test', password: 'aviva-2006-x', user_type: 'crew' };
let skipperToken = '';
let crewToken = '';
let skipperId = '';
let crewId = '';
let voyageId = '';
let agreementId = '';
let conversationId = '';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  [skipperToken, crewToken] = await Promise.all([registerVerified(app, skipper), registerVerified(app, crew)]);
  skipperId = (await apiCall<{ id: string }>(app, skipperToken, 'GET', '/api/auth/me', undefined, 200)).id;
  crewId = (await apiCall<{ id: string }>(app, crewToken, 'GET', '/api/auth/me', undefined, 200)).id;
  await apiCall(app, crewToken, 'PUT', '/api/profile/update-experience', { years_sailing: 10, informal_description: `Dinghies since I was six. ${WORD}` }, 200);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 36, capacity: 4 }, 201);
  const [cowes, yarmouth] = await Promise.all(
    ['cowes', 'yarmouth'].map(async (q) => {
      const { ports } = await apiCall<{ ports: { id: string; name: string; full_name: string; longitude: number; latitude: number }[] }>(
        app,
        null,
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
  const voyage = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'POST',
    '/api/voyages/',
    {
      title: TITLE,
      description: `Bring oilskins. Tidal atlas: ${URL_TEXT}\n\nWe anchor off ${WORD}.`,
      estimated_start_date: START,
      estimated_end_date: END,
      contribution_type: 'shared_costs',
      contribution_amount: 150,
      contribution_currency: 'GBP',
      contribution_details: `Food and fuel, see ${URL_TEXT}`,
      boat_id: boat.id,
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: ['Navigation'] },
      segments: [
        {
          departure_port_id: cowes.id,
          arrival_port_id: yarmouth.id,
          departure_port: cowes.name,
          arrival_port: yarmouth.name,
          departure_coordinates: [cowes.longitude, cowes.latitude],
          arrival_coordinates: [yarmouth.longitude, yarmouth.latitude],
          description: `Through ${WORD}`,
        },
      ],
    },
    201,
  );
  voyageId = voyage.id;
  const applied = await apiCall<{ application: { id: string } }>(app, crewToken, 'POST', '/api/applications/', { voyage_id: voyageId, message: `Keen to go. ${WORD}` }, 201);
  await apiCall(app, skipperToken, 'POST', `/api/applications/${applied.application.id}/accept`, {}, 200);
  const agreement = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'PUT',
    `/api/voyages/${voyageId}/agreements/${crewId}`,
    {
      contribution_amount: 150,
      contribution_currency: 'GBP',
      contribution_covers: `Food, fuel and marina fees ${WORD}`,
      duties: 'Watches on rota, galley every third day, and a hand with the dinghy when we anchor',
      watch_system: '3 on, 6 off',
      house_rules: `No shoes below deck. Log every watch at ${URL_TEXT}`,
      leaving_early: 'Crew pay their own way home from the nearest port',
      insurance: 'The boat is insured for crew aboard; bring travel insurance',
    },
    200,
  );
  agreementId = agreement.id;

  // A completed voyage, reviewed by both sides: the reviews show on both profiles.
  const closed = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'POST',
    '/api/voyages/',
    {
      title: CLOSED_TITLE,
      // Departing today: a voyage is completed only from its departure date.
      estimated_start_date: isoDaysAhead(0),
      estimated_end_date: isoDaysAhead(3),
      boat_id: boat.id,
      is_custom_voyage: true,
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
      segments: [{ departure_custom_location: 'Cowes', arrival_custom_location: 'Cherbourg', distance_nm: 70 }],
    },
    201,
  );
  const second = await apiCall<{ application: { id: string } }>(app, crewToken, 'POST', '/api/applications/', { voyage_id: closed.id, message: 'Happy to cook.' }, 201);
  await apiCall(app, skipperToken, 'POST', `/api/applications/${second.application.id}/accept`, {}, 200);
  await apiCall(app, skipperToken, 'PUT', `/api/voyages/${closed.id}`, { status: 'in_progress' }, 200);
  await apiCall(app, skipperToken, 'PUT', `/api/voyages/${closed.id}`, { status: 'completed' }, 200);
  await apiCall(app, crewToken, 'POST', `/api/voyages/${closed.id}/reviews`, { reviewee_id: skipperId, rating: 5, text: `A calm, clear skipper. ${WORD}` }, 201);
  await apiCall(app, skipperToken, 'POST', `/api/voyages/${closed.id}/reviews`, { reviewee_id: crewId, rating: 5, text: `Kept a fine watch. ${URL_TEXT}` }, 201);

  const started = await apiCall<{ conversation: { id: string } }>(
    app,
    crewToken,
    'POST',
    '/api/conversations',
    { voyage_id: voyageId, message: `Hello Ellen! ${WORD} ${URL_TEXT}` },
    201,
  );
  conversationId = started.conversation.id;
  await apiCall(app, crewToken, 'POST', '/api/support/tickets', { title: `Cannot upload ${WORD}`, description: `The page says ${URL_TEXT}` }, 201);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The page has drawn itself: its heading is there and nothing is loading. */
async function settled(page: Page): Promise<void> {
  const done = () => document.querySelector('main h1') !== null && !document.querySelector('[aria-busy="true"], .state--loading');
  await page.waitForFunction(done, null, { timeout: 15_000 }).catch(async () => {
    const busy = await page.evaluate(() => [...document.querySelectorAll('[aria-busy="true"], .state--loading')].map((el) => el.outerHTML.slice(0, 160)));
    throw new Error(`${new URL(page.url()).pathname} is still loading: ${busy.join(' | ') || 'no main h1'}`);
  });
}

/**
 * The page is no wider than the window (nothing scrolls sideways), or the
 * elements that stick out, named for the failure message. Map panes and
 * tables made to scroll sideways are allowed their width.
 */
async function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if ((document.scrollingElement?.scrollWidth ?? 0) <= width) return [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.leaflet-container, .table-scroll'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 6)
      .map((el) => `${name(el)} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`);
    return [`page is ${document.scrollingElement?.scrollWidth} px wide in a ${width} px window`, ...out];
  });
}

/** Visits each path and expects `text` on it, with nothing wider than the window. */
async function expectFits(page: Page, screens: readonly (readonly [path: string, text: string])[]): Promise<void> {
  const found: Record<string, string[]> = {};
  for (const [path, text] of screens) {
    await page.goto(path);
    await page.getByText(text, { exact: false }).first().waitFor();
    await settled(page);
    const wide = await sideways(page);
    if (wide.length > 0) found[path] = wide;
  }
  expect(found).toEqual({});
}

const crewScreens = (): [string, string][] => [
  [`/voyages/${voyageId}`, URL_TEXT],
  ['/voyages?view=list', TITLE],
  ['/', TITLE],
  ['/dashboard', TITLE],
  ['/applications', TITLE],
  ['/messages', WORD.slice(0, 20)],
  [`/messages/${conversationId}`, URL_TEXT],
  [`/agreements/${agreementId}`, URL_TEXT],
  ['/support', `Cannot upload ${WORD.slice(0, 20)}`],
  [`/users/${skipperId}`, 'A calm, clear skipper.'],
  [`/users/${crewId}`, 'Dinghies since I was six.'],
];
const skipperScreens = (): [string, string][] => [
  [`/voyages/${voyageId}`, URL_TEXT],
  [`/voyages/${voyageId}/applications`, 'Keen to go.'],
  ['/dashboard', TITLE],
  [`/messages/${conversationId}`, URL_TEXT],
];

describe('phone layout', () => {
  it('wraps long words and URLs on every screen that shows them, at 390 px and at 1280 px', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const crewView = await visitor(browser, app, crewToken, viewport);
      await expectFits(crewView.page, crewScreens());
      await crewView.context.close();
      const skipperView = await visitor(browser, app, skipperToken, viewport);
      await expectFits(skipperView.page, skipperScreens());
      await skipperView.context.close();
    }
  });

  it('shows the crew agreement terms in full at 320 px, 390 px and 1280 px', async () => {
    const { context, page } = await visitor(browser, app, crewToken, MOBILE);
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/agreements/${agreementId}`);
      await page.getByRole('heading', { name: 'Crew agreement', level: 1 }).waitFor();
      await page.getByText('Watches on rota', { exact: false }).waitFor();
      const terms = await page
        .locator('.agreement-terms')
        .first()
        .evaluate((list) => {
          const listWidth = list.getBoundingClientRect().width;
          return [...list.querySelectorAll('dd')].map((value) => ({
            text: value.textContent ?? '',
            clipped: value.scrollWidth > value.clientWidth + 1,
            narrow: value.getBoundingClientRect().width < listWidth * 0.6,
            ellipsis: getComputedStyle(value).textOverflow === 'ellipsis',
          }));
        });
      expect(terms.length).toBe(6);
      for (const term of terms) expect({ width, ...term }).toEqual({ width, text: term.text, clipped: false, narrow: false, ellipsis: false });
      expect(await sideways(page)).toEqual([]);
      if (width === 320) await screenshot(page, 'phone-agreement-320');
    }
    await context.close();
  });

  it('fits the conversation list on a phone, clipping the preview with an ellipsis', async () => {
    const { context, page } = await visitor(browser, app, crewToken, MOBILE);
    await page.goto('/messages');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await list.getByRole('link', { name: new RegExp(skipper.first_name) }).waitFor();
    const layout = await list.evaluate((nav) => {
      const box = nav.getBoundingClientRect();
      const item = nav.querySelector('.conversation-item')!;
      const preview = item.querySelector('.conversation-item__preview')!;
      const time = item.querySelector('time')!;
      return {
        listFits: nav.scrollWidth <= nav.clientWidth,
        itemInside: item.getBoundingClientRect().right <= box.right + 0.5,
        timeInside: time.getBoundingClientRect().right <= box.right + 0.5 && time.scrollWidth <= time.clientWidth,
        previewEllipsis: getComputedStyle(preview).textOverflow === 'ellipsis' && preview.scrollWidth > preview.clientWidth,
        previewInside: preview.getBoundingClientRect().right <= box.right + 0.5,
      };
    });
    expect(layout).toEqual({ listFits: true, itemInside: true, timeInside: true, previewEllipsis: true, previewInside: true });
    expect(await sideways(page)).toEqual([]);
    await screenshot(page, 'phone-messages-list');
    await context.close();
  });

  it('shows the unread count on the menu button of a phone, named for screen readers', async () => {
    // A message the skipper has not read (they read the first ones on the way here).
    await apiCall(app, crewToken, 'POST', `/api/conversations/${conversationId}/messages`, { body: 'Shall I bring my own lifejacket?' }, 201);
    const { unread } = await apiCall<{ unread: number }>(app, skipperToken, 'GET', '/api/messages/unread-count', undefined, 200);
    expect(unread).toBeGreaterThan(0);
    const { context, page } = await visitor(browser, app, skipperToken, MOBILE);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const toggle = page.getByRole('button', { name: new RegExp(`^Open menu\\s*,\\s*${unread} unread messages?$`) });
    await toggle.waitFor();
    const badge = toggle.locator('.messages-badge');
    await expect(badge.isVisible()).resolves.toBe(true);
    // Drawn as a badge on every page, not only where the messages screen's styles have loaded.
    await expect(badge.evaluate((node) => getComputedStyle(node).backgroundColor)).resolves.not.toBe('rgba(0, 0, 0, 0)');
    await expect(badge.textContent()).resolves.toBe(String(unread));
    await toggle.click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: new RegExp(`^Messages\\W*${unread} unread$`) })
      .waitFor();
    await screenshot(page, 'phone-menu-unread');
    await context.close();
  });

  it('gives the browse map the first screen of a phone, with dates and contribution in its popup', async () => {
    const { context, page } = await visitor(browser, app, null, MOBILE);
    await page.goto('/voyages');
    await page.getByText('1 voyage on the map').waitFor();
    const map = page.getByTestId('browse-map');
    await map.locator('.voyage-marker').first().waitFor();
    // The header's quick search loads after the first paint: counted once it is there.
    await page.locator('header input[type="search"]').first().waitFor();
    const screen = await page.evaluate(() => {
      const box = document.querySelector('.voyage-map')!.getBoundingClientRect();
      const searchBoxes = [...document.querySelectorAll('input[type="search"]')].filter((input) => input.getBoundingClientRect().height > 0);
      return { top: box.top, bottom: box.bottom, height: window.innerHeight, searchBoxes: searchBoxes.length };
    });
    // The map starts in the upper half of the screen and ends on it: all of it is there without scrolling.
    expect(screen.top).toBeLessThan(screen.height * 0.45);
    expect(screen.bottom).toBeLessThanOrEqual(screen.height);
    expect(screen.bottom - screen.top).toBeGreaterThan(screen.height * 0.5);
    // One search box (the header's); the page's search and filters fold behind one button.
    expect(screen.searchBoxes).toBe(1);
    const refine = page.getByRole('button', { name: /^Search & filters/ });
    await expect(refine.getAttribute('aria-expanded')).resolves.toBe('false');
    await refine.click();
    await page.getByRole('search', { name: 'Filter voyages' }).getByRole('searchbox').waitFor();
    await page.getByLabel('Departing from').waitFor();
    await refine.click();
    await expect(page.getByLabel('Departing from').isVisible()).resolves.toBe(false);

    await map.locator('.voyage-marker').first().click();
    const popup = map.locator('.map-popup');
    await popup.getByText(`${longDate(START)} – ${longDate(END)}`).waitFor();
    await popup.getByText('Share costs (~£150)').waitFor();
    // Once the map has panned to show it, the whole popup is on the screen.
    const popupBox = () =>
      popup.evaluate((node) => {
        const box = node.closest('.leaflet-popup')!.getBoundingClientRect();
        return {
          left: Math.round(box.left),
          right: Math.round(box.right),
          top: Math.round(box.top),
          bottom: Math.round(box.bottom),
          width: window.innerWidth,
          height: window.innerHeight,
        };
      });
    // ...and has finished fading in (axe reads colours as they are painted, half-faded text included).
    await page
      .waitForFunction(
        () => {
          const element = document.querySelector('.leaflet-popup');
          const box = element?.getBoundingClientRect();
          const shown = element !== null && getComputedStyle(element).opacity === '1';
          return shown && box !== undefined && box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight;
        },
        null,
        { timeout: 5_000 },
      )
      .catch(async () => {
        throw new Error(`the popup is not all on the screen: ${JSON.stringify(await popupBox())}`);
      });
    expect(await sideways(page)).toEqual([]);
    await screenshot(page, 'phone-browse-map-popup');
    await context.close();
  });

  it('keeps Apply at the bottom of a phone screen on the voyage page, never over its content', async () => {
    const guest = await visitor(browser, app, null, MOBILE);
    const { page } = guest;
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const area = page.getByRole('region', { name: 'Join this voyage' });
    const apply = area.getByRole('link', { name: 'Login to Apply' });
    await apply.waitFor();
    const box = async () => (await apply.boundingBox())!;
    const height = MOBILE.height;
    // On the first screen, at its bottom, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await box()).y + (await box()).height).toBeLessThanOrEqual(height);
    expect((await box()).y).toBeGreaterThan(height * 0.75);
    // Halfway down it is still there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
    await page.waitForFunction(() => window.scrollY > 0);
    expect((await box()).y + (await box()).height).toBeLessThanOrEqual(height);
    expect((await box()).y).toBeGreaterThan(height * 0.75);
    // At the end it rests below the last card: nothing stays under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const overlap = await area.evaluate((bar) => {
      const top = bar.getBoundingClientRect().top;
      const cards = [...document.querySelectorAll('.voyage-detail .card')].filter((card) => card !== bar && !bar.contains(card));
      return cards.filter((card) => card.getBoundingClientRect().bottom > top + 0.5).map((card) => card.querySelector('h2')?.textContent ?? card.className);
    });
    expect(overlap).toEqual([]);
    await screenshot(page, 'phone-voyage-apply-bar');
    await guest.context.close();

    // The accepted crew member sees where they stand in the same place.
    const crewView = await visitor(browser, app, crewToken, MOBILE);
    await crewView.page.goto(`/voyages/${voyageId}`);
    const status = crewView.page.getByRole('region', { name: 'Join this voyage' }).getByText('Application Accepted ✓');
    await status.waitFor();
    const statusBox = (await status.boundingBox())!;
    expect(statusBox.y + statusBox.height).toBeLessThanOrEqual(height);
    await crewView.context.close();

    // At 1280 px Apply heads the sidebar, in the first screen.
    const wide = await visitor(browser, app, null, DESKTOP);
    await wide.page.goto(`/voyages/${voyageId}`);
    const wideApply = wide.page.getByRole('region', { name: 'Join this voyage' }).getByRole('link', { name: 'Login to Apply' });
    await wideApply.waitFor();
    const wideBox = (await wideApply.boundingBox())!;
    expect(wideBox.x).toBeGreaterThan(DESKTOP.width / 2);
    expect(wideBox.y + wideBox.height).toBeLessThanOrEqual(DESKTOP.height);
    await wide.context.close();
  });

  it('opens a fresh load at the top, and back at the place the reader left', async () => {
    const { context, page } = await visitor(browser, app, null, MOBILE);
    const scrollY = () => page.evaluate(() => window.scrollY);
    const open = async (path: string, heading: string) => {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    };
    await open('/terms-of-service', 'Terms of Service');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    // A typed address (or a link from an email) starts at the top…
    await open('/privacy-policy', 'Privacy Policy');
    expect(await scrollY()).toBe(0);
    // …and so does a reload.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => window.scrollY === 1200);
    await page.reload();
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await scrollY()).toBe(0);

    // Within the app, a link starts at the top and Back returns to the place left.
    await open('/terms-of-service', 'Terms of Service');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => window.scrollY === 1500);
    // Clicked where it is (a pointer click would first scroll the footer into view, moving the place to come back to).
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy' })
      .evaluate((link: HTMLElement) => link.click());
    await page.waitForURL('**/privacy-policy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.waitForFunction(() => window.scrollY === 1500, null, { timeout: 5_000 });

    // Back to a page of an earlier visit (a new document) returns to its place too.
    await page.goto('/help');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await page.waitForFunction(() => window.scrollY === 1500, null, { timeout: 5_000 });
    await context.close();
  });
});
