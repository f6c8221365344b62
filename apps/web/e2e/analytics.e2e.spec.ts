/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, newContext, screenshot } from './support/browser';
import { adminSession, apiCall, registerVerified, visitor, type NewUser } from './support/journey';

/*
 * Platform analytics in a real browser. Engagement is first-party and opt-in:
 * a visitor who declines analytics in the cookie banner browses the public
 * pages and not one page view leaves the browser; one who accepts sends them,
 * named by route pattern. The administrator then reads the figures on
 * /admin/analytics for each period, sees the three charts drawn, exports the
 * CSV, JSON and Markdown files and finds the screen's figures in each, and the
 * screen stays readable at 390 px.
 */

jest.setTimeout(180_000);

const DAY_MS = 86_400_000;
const TITLE = 'Lymington to Alderney';
const PAGE_VIEWS_PATH = '/api/analytics/page-views';
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

let app: RunningApp;
let browser: Browser;
let adminToken = '';
let voyageId = '';
const skipper: NewUser = { first_name: 'Ellen', last_name: 'Harbour', email: 'ellen@analytics-e2e.test', password: 'kingfisher-2005', user_type: 'skipper' };
const crew: NewUser = { first_name: 'Naomi', last_name: 'Jibsheet', email: 'naomi@analytics-e2e.test', password: 'spinnaker-1977', user_type: 'crew' };

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const skipperToken = await registerVerified(app, skipper);
  const crewToken = await registerVerified(app, crew);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 36, capacity: 5 }, 201);
  const voyage = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'POST',
    '/api/voyages/',
    {
      title: TITLE,
      description: 'A day across the race with a night in Braye.',
      estimated_start_date: isoDaysAhead(10),
      estimated_end_date: isoDaysAhead(12),
      boat_id: boat.id,
      is_custom_voyage: true,
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
      segments: [{ departure_custom_location: 'Lymington', arrival_custom_location: 'Alderney', distance_nm: 60 }],
    },
    201,
  );
  voyageId = voyage.id;
  const applied = await apiCall<{ application: { id: string } }>(
    app,
    crewToken,
    'POST',
    '/api/applications/',
    { voyage_id: voyageId, message: 'Happy on the foredeck and at the stove.' },
    201,
  );
  await apiCall(app, skipperToken, 'POST', `/api/applications/${applied.application.id}/accept`, {}, 200);
  adminToken = (await adminSession(app)).access_token;
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** What the API answers for a period (the screen's source). */
const detailed = (days: number) =>
  apiCall<{ engagement: { page_views: number; sessions: number } }>(app, adminToken, 'GET', `/api/admin/analytics/detailed?days=${days}`, undefined, 200);

/**
 * A first-time visitor (no stored cookie choice) whose every page-view beacon is
 * recorded as it leaves the browser. Requests leaving the app (map tiles) fail at once.
 */
async function firstTimeVisitor(): Promise<{ context: BrowserContext; page: Page; beacons: Request[] }> {
  const context = await newContext(browser, app.url);
  const origin = new URL(app.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  const beacons: Request[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === PAGE_VIEWS_PATH) beacons.push(request);
  });
  return { context, page: await context.newPage(), beacons };
}

/** Answers the banner, then browses home → /voyages → the voyage → /help → home through the site's own links. */
async function browse(page: Page, choice: 'Essential Only' | 'Accept All'): Promise<void> {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'We value your privacy' });
  await banner.waitFor({ state: 'visible', timeout: 5000 });
  await banner.getByRole('button', { name: choice }).click();
  await banner.waitFor({ state: 'detached' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Voyages' }).click();
  await page.waitForURL('**/voyages*');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List View' }).click();
  await page.getByRole('link', { name: `View details of ${TITLE}` }).click();
  await page.waitForURL(`**/voyages/${voyageId}`);
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  await nav.getByRole('link', { name: 'Help' }).click();
  await page.getByRole('heading', { name: 'Help Centre' }).waitFor();
  await page.getByRole('link', { name: 'Crew Finder home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** The tracker sends at the latest 10 s after the first view it queued. */
const waitPastTheFlush = (page: Page): Promise<void> => page.waitForTimeout(11_000);

describe('page views and consent', () => {
  it('sends no page view at all for a visitor who declined analytics cookies', async () => {
    const { context, page, beacons } = await firstTimeVisitor();
    await browse(page, 'Essential Only');
    await waitPastTheFlush(page);
    // Leaving a page sends what is queued: nothing either.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help Centre' }).waitFor();
    await waitPastTheFlush(page);
    expect(beacons.map((b) => b.url())).toEqual([]);
    expect(await page.evaluate(() => window.localStorage.getItem('crew.analytics_session'))).toBeNull();
    await context.close();
    expect((await detailed(7)).engagement.page_views).toBe(0);
  });

  it('sends page views named by route pattern (never an id) for a visitor who accepted them', async () => {
    const { context, page, beacons } = await firstTimeVisitor();
    await browse(page, 'Accept All');
    await waitPastTheFlush(page);
    expect(beacons.length).toBeGreaterThan(0);
    const bodies = beacons.map((b) => JSON.parse(b.postData() ?? 'null') as { session_id: string; views: { path: string; at: string }[] });
    const paths = bodies.flatMap((body) => body.views.map((view) => view.path));
    // The home page before the choice is not counted; everything after it is.
    expect(new Set(paths)).toEqual(new Set(['/voyages', '/voyages/:id', '/help', '/']));
    for (const path of paths) expect(path).not.toContain(voyageId);
    expect(paths.join(' ')).not.toMatch(/[?#]|view=list/);
    expect(new Set(bodies.map((body) => body.session_id)).size).toBe(1);
    await context.close();
    expect((await detailed(7)).engagement.page_views).toBe(paths.length);
  });
});

// ---------------------------------------------------------------------------------------------

/** Splits RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The figures the screen shows, read from the page as a person sees them. */
async function screenFigures(page: Page) {
  const text = async (selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim();
  const number = (value: string) => Number(value.replace(/[^0-9.-]/g, ''));
  return {
    new_users: number(await text('[data-kpi="New Users"] .metric__value')),
    active_users: number(await text('[data-kpi="Active Users"] .metric__value')),
    total_revenue: number(await text('[data-kpi="Revenue"] .metric__value')),
    total_applications: number(await text('[data-figure="total_applications"]')),
    acceptance_rate: number(await text('[data-figure="acceptance_rate"]')),
    page_views: await text('[data-figure="page_views"]'),
    daily_active: number(await text('[data-figure="daily_active"]')),
    retention_rate: number(await text('[data-figure="retention_rate"]')),
    top_voyage: ((await page.getByRole('region', { name: 'Top Performing Voyages' }).getByRole('rowheader').first().textContent()) ?? '').trim(),
  };
}

/** Waits until the body shows `days` with fresh data (not the previous period's kept on screen). */
async function showPeriod(page: Page, days: number): Promise<void> {
  await page.getByRole('combobox', { name: 'Period' }).selectOption(String(days));
  await page.locator(`.analytics__body[data-period="${days}"][aria-busy="false"]`).waitFor();
  await page.locator('[data-chart] canvas').first().waitFor();
}

/** Per chart: how many of its canvas pixels are painted, and its drawn width in CSS pixels. */
const chartPixels = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLCanvasElement>('[data-chart] canvas')).map((canvas) => {
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) painted++;
      const box = canvas.getBoundingClientRect();
      return { chart: canvas.closest<HTMLElement>('[data-chart]')?.dataset['chart'] ?? '', painted, left: box.left, right: box.right, width: box.width, height: box.height };
    }),
  );

async function expectChartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const canvases = Array.from(document.querySelectorAll<HTMLCanvasElement>('[data-chart] canvas'));
    return canvases.length === 3 && canvases.every((c) => c.width > 0 && c.height > 0);
  });
  // chart.js draws on the next frame after sizing its canvas.
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
  const charts = await chartPixels(page);
  expect(charts.map((c) => c.chart)).toEqual(['user-growth', 'voyage-activity', 'application-breakdown']);
  for (const chart of charts) expect(chart.painted).toBeGreaterThan(500);
}

async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('button', { name: button }).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

describe('Platform Analytics screen', () => {
  it('switches periods, draws the three charts, and exports CSV, JSON and Markdown with the figures on the screen', async () => {
    const { context, page } = await visitor(browser, app, adminToken);
    await page.goto('/admin/analytics');
    await page.getByRole('heading', { name: 'Platform Analytics', level: 1 }).waitFor();
    await page.locator('.analytics__body[data-period="30"]').waitFor();

    for (const days of [7, 30, 90, 365]) {
      await showPeriod(page, days);
      await expectChartsDrawn(page);
      const figures = await screenFigures(page);
      // Everything happened today: each period holds the same events.
      expect(figures).toMatchObject({ new_users: 3, total_applications: 1, acceptance_rate: 100, top_voyage: TITLE });
      expect(figures.page_views).not.toBe('0');
      const summary = (await page.locator('.analytics__body > .config-note').first().textContent()) ?? '';
      expect(summary).toContain(`compared with the ${days} days before`);
    }
    await screenshot(page, 'admin-analytics-year-desktop');

    // The text alternative: the same figures as a table.
    const breakdown = page.locator('[data-chart="application-breakdown"]');
    await breakdown.getByRole('button', { name: 'Show as table' }).click();
    expect(await breakdown.getByRole('row').filter({ hasText: 'Accepted' }).getByRole('cell').textContent()).toBe('1');
    await breakdown.getByRole('button', { name: 'Show chart' }).click();
    await breakdown.locator('canvas').waitFor();

    await showPeriod(page, 30);
    await expectChartsDrawn(page);
    const screen = await screenFigures(page);
    const today = new Date().toISOString().slice(0, 10);

    const csv = await downloadText(page, 'Export CSV');
    expect(csv.name).toBe(`analytics-${today}.csv`);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['section', 'metric', 'value', 'trend_percent']);
    const csvValue = (metric: string) => rows.find((r) => r[1] === metric)?.[2];
    expect(Number(csvValue('new_users'))).toBe(screen.new_users);
    expect(Number(csvValue('active_users'))).toBe(screen.active_users);
    expect(Number(csvValue('total_revenue'))).toBe(screen.total_revenue);
    expect(Number(csvValue('total_applications'))).toBe(screen.total_applications);
    expect(Number(csvValue('acceptance_rate'))).toBe(screen.acceptance_rate);
    expect(Number(csvValue('daily_active'))).toBe(screen.daily_active);
    expect(Number(csvValue('retention_rate'))).toBe(screen.retention_rate);
    expect(csvValue('page_views')).toBe(screen.page_views);
    expect(rows.find((r) => r[0] === 'top_voyages' && r[1] === TITLE)?.slice(2)).toEqual(['1', '100']);

    const json = await downloadText(page, 'Export JSON');
    expect(json.name).toBe(`analytics-${today}.json`);
    const report = JSON.parse(json.text) as {
      generated_at: string;
      period: { days: number };
      growth: { new_users: number };
      applications: { total_applications: number; acceptance_rate: number };
      engagement: { page_views: number; daily_active: number; retention_rate: number };
      top_voyages: { title: string }[];
    };
    expect(report.period.days).toBe(30);
    expect(Number.isNaN(Date.parse(report.generated_at))).toBe(false);
    expect(report.growth.new_users).toBe(screen.new_users);
    expect(report.applications).toMatchObject({ total_applications: screen.total_applications, acceptance_rate: screen.acceptance_rate });
    expect(report.engagement).toMatchObject({ page_views: Number(screen.page_views), daily_active: screen.daily_active, retention_rate: screen.retention_rate });
    expect(report.top_voyages[0]?.title).toBe(screen.top_voyage);

    const markdown = await downloadText(page, 'Export Report');
    expect(markdown.name).toBe(`analytics-${today}.md`);
    const lines = markdown.text.split('\n');
    expect(lines[0]).toBe('# Platform Analytics Report');
    expect(lines[2]).toMatch(/^Last 30 days: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
    const mdRow = (metric: string) =>
      lines
        .find((line) => line.startsWith('| ') && line.split('|')[2]?.trim() === metric)
        ?.split('|')
        .map((c) => c.trim());
    expect(Number(mdRow('new_users')?.[3])).toBe(screen.new_users);
    expect(Number(mdRow('total_applications')?.[3])).toBe(screen.total_applications);
    expect(Number(mdRow('acceptance_rate')?.[3])).toBe(screen.acceptance_rate);
    expect(mdRow('page_views')?.[3]).toBe(screen.page_views);
    expect(lines).toContain(`| ${TITLE} | 1 | 100% |`);
    for (const heading of ['## Key figures', '## Top Performing Voyages', '## Most Active Skippers', '## Popular Destinations']) expect(lines).toContain(heading);

    await context.close();
  });

  it('keeps the charts readable at 390 px: nothing overflows the page sideways', async () => {
    const { context, page } = await visitor(browser, app, adminToken, MOBILE);
    await page.goto('/admin/analytics');
    await page.getByRole('heading', { name: 'Platform Analytics', level: 1 }).waitFor();
    await showPeriod(page, 365);
    await expectChartsDrawn(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const chart of await chartPixels(page)) {
      expect(chart.left).toBeGreaterThanOrEqual(0);
      expect(chart.right).toBeLessThanOrEqual(MOBILE.width);
      // Wide and tall enough to read: most of the screen's width, the card's full height.
      expect(chart.width).toBeGreaterThan(MOBILE.width * 0.6);
      expect(chart.height).toBeGreaterThan(200);
    }
    await screenshot(page, 'admin-analytics-year-mobile');
    await context.close();
  });
});
