/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor } from './support/journey';

jest.setTimeout(120_000);

let app: RunningApp;
let browser: Browser;
const tokens: Record<string, string> = {};
let voyageId = '';

const TITLE = 'Cowes to Cherbourg overnight';
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const compact = (isoDate: string): string => isoDate.replace(/-/g, '');
/** An iCalendar text with its folded lines (RFC 5545: 75 octets a line) joined again. */
const unfolded = (ics: string): string => ics.replace(/\r\n[ \t]/g, '');
const START = isoDaysAhead(30);
const END = isoDaysAhead(32);

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  tokens['skipper'] = await registerVerified(app, {
    first_name: 'Ellen',
    last_name: 'MacArthur',
    email: 'ellen@calendar-e2e.test',
    password: 'Kingfisher-2005',
    user_type: 'skipper',
  });
  tokens['crew'] = await registerVerified(app, { first_name: 'Tilly', last_name: 'Smith', email: 'tilly@calendar-e2e.test', password: 'Maiden-1989-crew', user_type: 'crew' });
  const boat = await apiCall<{ id: string }>(
    app,
    tokens['skipper'],
    'POST',
    '/api/profile/boats',
    { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 4 },
    201,
  );
  const voyage = await apiCall<{ id: string }>(
    app,
    tokens['skipper'],
    'POST',
    '/api/voyages/',
    {
      title: TITLE,
      description: 'A night crossing of the Channel.',
      estimated_start_date: START,
      estimated_end_date: END,
      boat_id: boat.id,
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
      segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] }],
    },
    201,
  );
  voyageId = voyage.id;
  await apiCall(app, tokens['crew'], 'POST', '/api/applications/', { voyage_id: voyageId, message: 'Keen sailor with five seasons of Solent racing.' }, 201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('calendars', () => {
  it('downloads a voyage’s legs as an .ics from "Add to calendar", as a guest and signed in', async () => {
    const { context, page } = await visitor(browser, app, null);
    await page.goto(`/voyages/${voyageId}`);
    const link = page.getByRole('link', { name: 'Add to calendar' });
    await link.waitFor();
    // The link names the file in the page's language; what that address answers is a calendar.
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe(`/api/voyages/${voyageId}/calendar.ics?lang=en`);
    const answer = await fetch(`${app.url}${href}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="cowes-to-cherbourg-overnight.ics"');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('cowes-to-cherbourg-overnight.ics');
    const ics = unfolded(await readFile((await download.path())!, 'utf8'));
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`SUMMARY:${TITLE}: Cowes → Cherbourg`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${compact(START)}`);
    expect(ics).toContain(`/voyages/${voyageId}`);
    await screenshot(page, 'calendar-voyage-page');
    await context.close();

    // Signed in, the same file comes through the session (a voyage shown only to some members needs it).
    const signedIn = await visitor(browser, app, tokens['crew']!);
    await signedIn.page.goto(`/voyages/${voyageId}`);
    const [again] = await Promise.all([signedIn.page.waitForEvent('download'), signedIn.page.getByRole('link', { name: 'Add to calendar' }).click()]);
    expect(again.suggestedFilename()).toBe('cowes-to-cherbourg-overnight.ics');
    expect(unfolded(await readFile((await again.path())!, 'utf8'))).toContain(`SUMMARY:${TITLE}: Cowes → Cherbourg`);
    await signedIn.context.close();
  });

  it('creates, copies and turns off a member’s private feed from the profile', async () => {
    const { context, page } = await visitor(browser, app, tokens['crew']!);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
    await page.goto('/profile?tab=calendar');
    const section = page.getByRole('region', { name: 'Calendar feed' });
    await section.getByText("It shows no other member's name or contact details.", { exact: false }).waitFor();
    await section.getByRole('button', { name: 'Create my calendar feed' }).click();
    const field = section.getByRole('textbox', { name: 'Your private feed link' });
    await field.waitFor();
    const feedUrl = await field.inputValue();
    expect(feedUrl).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await section.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(feedUrl.replace(/^https?:\/\//, 'webcal://'));
    await section.getByRole('button', { name: 'Copy' }).click();
    await section.getByText('Link copied. Paste it into your calendar app as a subscription.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
    await screenshot(page, 'calendar-feed-created');

    // The feed answers calendar apps without a session: the pending application, and no one else's name.
    const feedPath = new URL(feedUrl).pathname;
    const feed = await fetch(`${app.url}${feedPath}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, no-store');
    const body = unfolded(await feed.text());
    expect(body).toContain(`SUMMARY:Application pending: ${TITLE}: Cowes → Cherbourg`);
    expect(body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(body).not.toContain('MacArthur');

    await section.getByRole('button', { name: 'Turn off' }).click();
    await section.getByText('Your calendar feed is off. Its link no longer works.').waitFor();
    expect((await fetch(`${app.url}${feedPath}`)).status).toBe(404);
    const createAgain = section.getByRole('button', { name: 'Create my calendar feed' });
    await createAgain.waitFor();
    // The button appeared under the pointer that turned the feed off: let its hover colours settle before the page is audited.
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((button) => button.textContent === 'Create my calendar feed' && !button.disabled));
    await page.waitForTimeout(300);
    await screenshot(page, 'calendar-feed-off');
    await context.close();
  });
});
