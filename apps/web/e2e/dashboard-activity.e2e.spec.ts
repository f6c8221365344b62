/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor, type NewUser } from './support/journey';

/*
 * The dashboard's recent activity and crew quick stats: a crew member applies
 * and is accepted; their dashboard says so in Recent activity, linking to the
 * voyage, beside their real figures. The skipper's dashboard on a phone
 * (390 px) shows who applied, linking to the voyage's applications, and who
 * wrote, without any sideways scrolling. Every page is audited by axe.
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

const people = {
  skipper: { first_name: 'Tracy', last_name: 'Edwards', email: 'tracy@activity-e2e.test', password: 'maiden-1989', user_type: 'skipper' },
  crew: { first_name: 'Dee', last_name: 'Caffari', email: 'dee@activity-e2e.test', password: 'aviva-2006', user_type: 'crew' },
} as const satisfies Record<string, NewUser>;

const TITLE = 'Plymouth to the Channel Islands';
const tokens: Record<string, string> = {};
let voyageId = '';
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('dashboard activity', () => {
  beforeAll(async () => {
    tokens['skipper'] = await registerVerified(app, people.skipper);
    tokens['crew'] = await registerVerified(app, people.crew);
    const boat = await apiCall<{ id: string }>(app, tokens['skipper'], 'POST', '/api/profile/boats', { name: 'Maiden', boat_type: 'monohull', length_feet: 58, capacity: 8 }, 201);
    const voyage = await apiCall<{ id: string }>(
      app,
      tokens['skipper'],
      'POST',
      '/api/voyages/',
      {
        title: TITLE,
        description: 'An overnight passage and a few days among the islands.',
        estimated_start_date: isoDaysAhead(30),
        estimated_end_date: isoDaysAhead(36),
        boat_id: boat.id,
        is_custom_voyage: true,
        requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
        segments: [{ departure_custom_location: 'Plymouth', arrival_custom_location: 'St Peter Port', distance_nm: 85 }],
      },
      201,
    );
    voyageId = voyage.id;
    const applied = await apiCall<{ application: { id: string } }>(
      app,
      tokens['crew'],
      'POST',
      '/api/applications/',
      { voyage_id: voyageId, message: 'Two Fastnets and plenty of night watches.' },
      201,
    );
    await apiCall(app, tokens['skipper'], 'POST', `/api/applications/${applied.application.id}/accept`, {}, 200);
    await apiCall(app, tokens['crew'], 'POST', '/api/conversations', { voyage_id: voyageId, message: 'Thrilled to be aboard. What should I bring?' }, 201);
  }, 90_000);

  it('shows the crew member their accepted application in Recent activity, linking to the voyage, beside their quick stats', async () => {
    const { context, page } = await visitor(browser, app, tokens['crew']);
    await page.goto('/dashboard');
    const stats = page.getByRole('region', { name: 'Crew quick stats' });
    await stats.getByText('Applications accepted').waitFor();
    expect(await stats.getByRole('listitem').filter({ hasText: 'Applications accepted' }).textContent()).toMatch(/^1/);
    const activity = page.getByRole('region', { name: 'Recent activity' });
    const accepted = activity.getByRole('link', { name: `Your application to ${TITLE} was accepted` });
    await accepted.waitFor();
    await activity.getByRole('link', { name: `You applied to ${TITLE}` }).waitFor();
    // Newest first.
    expect(await activity.getByRole('link').allTextContents()).toEqual([`Your application to ${TITLE} was accepted`, `You applied to ${TITLE}`]);
    expect(await accepted.getAttribute('href')).toBe(`/voyages/${voyageId}`);
    await screenshot(page, 'dashboard-activity-crew-desktop');
    await accepted.click();
    await page.waitForURL(`**/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await context.close();
  });

  it('fits the crew figures and the feed on a phone', async () => {
    const { context, page } = await visitor(browser, app, tokens['crew'], MOBILE);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Crew quick stats' }).getByText('Verified miles').waitFor();
    await page
      .getByRole('region', { name: 'Recent activity' })
      .getByRole('link', { name: `Your application to ${TITLE} was accepted` })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'dashboard-activity-crew-mobile');
    await context.close();
  });

  it('shows the skipper who applied and who wrote, on a phone, without sideways scrolling', async () => {
    const { context, page } = await visitor(browser, app, tokens['skipper'], MOBILE);
    await page.goto('/dashboard');
    const activity = page.getByRole('region', { name: 'Recent activity' });
    const message = activity.getByRole('link', { name: `New message from Dee Caffari about ${TITLE}` });
    await message.waitFor();
    expect(await message.getAttribute('href')).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    const applied = activity.getByRole('link', { name: `Dee Caffari applied to ${TITLE}` });
    expect(await applied.getAttribute('href')).toBe(`/voyages/${voyageId}/applications`);
    // A skipper-only account has no crew figures.
    expect(await page.getByRole('region', { name: 'Crew quick stats' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const box = await activity.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await activity.scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-activity-skipper-mobile');
    await applied.click();
    await page.waitForURL(`**/voyages/${voyageId}/applications`);
    await context.close();
  });
});
