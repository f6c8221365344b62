/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor, waitForMail, type NewUser } from './support/journey';

/*
 * The skipper completes a voyage sailed with an accepted crew member; both
 * are invited by email and review each other on the voyage page. The first
 * review waits, hidden; after the second, both reviews show on both public
 * profiles with the average. The dashboard's "Reviews to write" leads to the
 * voyage's review panel until the review is written. The public profile is
 * audited with axe at 1280 and 390 px wide.
 */

jest.setTimeout(180_000);

const DAY_MS = 86_400_000;
const TITLE = 'Cowes to Cherbourg';

let app: RunningApp;
let browser: Browser;
const skipper: NewUser = { first_name: 'Robin', last_name: 'Knox', email: 'robin@reviews-e2e.test', password: 'suhaili-1968', user_type: 'skipper' };
const crew: NewUser = { first_name: 'Tracy', last_name: 'Edwards', email: 'tracy@reviews-e2e.test', password: 'maiden-1989', user_type: 'crew' };
let skipperToken = '';
let crewToken = '';
let skipperId = '';
let crewId = '';
let voyageId = '';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  skipperToken = await registerVerified(app, skipper);
  crewToken = await registerVerified(app, crew);
  skipperId = (await apiCall<{ id: string }>(app, skipperToken, 'GET', '/api/auth/me', undefined, 200)).id;
  crewId = (await apiCall<{ id: string }>(app, crewToken, 'GET', '/api/auth/me', undefined, 200)).id;
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Suhaili', boat_type: 'monohull', length_feet: 32, capacity: 4 }, 201);
  const voyage = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'POST',
    '/api/voyages/',
    {
      title: TITLE,
      // Departing today: a voyage is completed only from its departure date.
      estimated_start_date: new Date().toISOString().slice(0, 10),
      estimated_end_date: new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10),
      boat_id: boat.id,
      is_custom_voyage: true,
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
      segments: [{ departure_custom_location: 'Cowes', arrival_custom_location: 'Cherbourg', distance_nm: 70 }],
    },
    201,
  );
  voyageId = voyage.id;
  const applied = await apiCall<{ application: { id: string } }>(
    app,
    crewToken,
    'POST',
    '/api/applications/',
    { voyage_id: voyageId, message: 'Round the world once, happy to cook.' },
    201,
  );
  await apiCall(app, skipperToken, 'POST', `/api/applications/${applied.application.id}/accept`, {}, 200);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Fills the review form for `name` on the voyage page with the keyboard-reachable star input. */
async function writeReview(page: Page, name: string, stars: number, text: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Reviews' });
  await panel.getByRole('group', { name: `Your rating of ${name}` }).waitFor();
  await panel.getByRole('radio', { name: new RegExp(`${stars} stars?:`) }).check({ force: true });
  await panel.getByLabel(`Your review of ${name}`).fill(text);
  await panel.getByRole('button', { name: 'Submit review' }).click();
}

describe('reviews', () => {
  it('completes the voyage, lets both sides review, and shows both reviews on both profiles after the second', async () => {
    const skipperView = await visitor(browser, app, skipperToken);
    const { page } = skipperView;
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByLabel('Voyage status').selectOption('in_progress');
    await page.getByLabel('Voyage status').selectOption('completed');
    const panel = page.getByRole('region', { name: 'Reviews' });
    await panel.waitFor();
    await waitForMail(app, crew.email, /Review your skipper/);
    await waitForMail(app, skipper.email, /Review your crew/);

    // The dashboard asks for the review and leads to the voyage's review panel.
    await page.goto('/dashboard');
    const toWrite = page.getByRole('region', { name: 'Reviews to write' });
    await toWrite.getByText('Review Tracy Edwards', { exact: false }).waitFor();
    await screenshot(page, 'dashboard-reviews-to-write-desktop');
    await toWrite.getByRole('link', { name: `Write review for ${TITLE}` }).click();
    await page.waitForURL(new RegExp(`/voyages/${voyageId}#reviews$`));
    await panel.waitFor();

    // The skipper reviews first: the review waits for the other side.
    await writeReview(page, 'Tracy Edwards', 5, 'Tracy kept a cheerful, tireless watch all night.');
    await panel.getByText('Waiting for Tracy to review you.', { exact: false }).waitFor();
    await screenshot(page, 'review-waiting-desktop');
    await page.goto(`/users/${crewId}`);
    await page.getByRole('heading', { name: 'Tracy Edwards', level: 1 }).waitFor();
    await page.getByText('No reviews yet.').waitFor();

    // The crew member reviews second: both reviews show at once.
    const crewView = await visitor(browser, app, crewToken);
    await crewView.page.goto(`/voyages/${voyageId}`);
    await writeReview(crewView.page, 'Robin Knox', 4, 'Robin is a calm skipper who explains every manoeuvre.');
    await crewView.page.getByRole('region', { name: 'Reviews' }).getByText('Both reviews are shown on your profiles.').waitFor();

    for (const [view, profileId, author, text, stars] of [
      [crewView.page, skipperId, 'Tracy Edwards', 'Robin is a calm skipper who explains every manoeuvre.', '4.0'],
      [page, crewId, 'Robin Knox', 'Tracy kept a cheerful, tireless watch all night.', '5.0'],
    ] as const) {
      await view.goto(`/users/${profileId}`);
      const reviews = view.getByRole('region', { name: /^Reviews/ });
      await reviews.getByText(text).waitFor();
      await reviews.getByRole('link', { name: author }).waitFor();
      await view.getByTestId('member-rating').getByText(stars).waitFor();
      expect(await view.getByTestId('member-rating').textContent()).toContain('1 review');
    }
    await screenshot(crewView.page, 'public-profile-reviews-desktop');

    // Nothing left to write: the dashboard no longer asks.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Robin', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'My Voyages' }).waitFor();
    expect(await page.getByRole('region', { name: 'Reviews to write' }).count()).toBe(0);

    // On a phone, as a guest: both profiles with their reviews, audited at 390 px.
    const phone = await visitor(browser, app, null, MOBILE);
    for (const [profileId, name] of [
      [skipperId, 'Robin Knox'],
      [crewId, 'Tracy Edwards'],
    ] as const) {
      await phone.page.goto(`/users/${profileId}`);
      await phone.page.getByRole('heading', { name, level: 1 }).waitFor();
      await phone.page
        .getByRole('region', { name: /^Reviews/ })
        .getByRole('listitem')
        .first()
        .waitFor();
      await phone.page.getByRole('region', { name: 'Completed voyages' }).getByRole('link', { name: TITLE }).waitFor();
      await screenshot(phone.page, `public-profile-${name === 'Robin Knox' ? 'skipper' : 'crew'}-mobile`);
    }
    await phone.context.close();

    // The voyage page's skipper card shows the real figures.
    await crewView.page.goto(`/voyages/${voyageId}`);
    await crewView.page.getByTestId('skipper-rating').getByText('4.0').waitFor();
    expect(await crewView.page.getByTestId('skipper-rating').textContent()).toContain('1 review');

    await crewView.context.close();
    await skipperView.context.close();
  });
});
