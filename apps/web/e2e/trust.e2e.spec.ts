/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor, waitForMail, type NewUser } from './support/journey';

/*
 * Trust and safety at sea: a crew member sees why a voyage fits (a match score
 * with its reasons), applies, and once accepted reads and accepts the crew
 * agreement the skipper issued. The skipper files a float plan (the shore
 * contact is mailed a private link that works without an account), checks in
 * departed and arrived, completes the voyage and confirms the crew member
 * sailed: the crew member's public profile shows the verified miles.
 * Every page visited is audited with axe when its context closes.
 */

jest.setTimeout(240_000);

const DAY_MS = 86_400_000;
const TITLE = 'Falmouth to the Scillies';
const MESSAGE = 'Dinghy sailor for ten years, keen to go offshore.';

let app: RunningApp;
let browser: Browser;
const skipper: NewUser = { first_name: 'Ellen', last_name: 'MacArthur', email: 'ellen@trust-e2e.test', password: 'kingfisher-2005', user_type: 'skipper' };
const crew: NewUser = { first_name: 'Dee', last_name: 'Caffari', email: 'dee@trust-e2e.test', password: 'aviva-2006-x', user_type: 'crew' };
let skipperToken = '';
let crewToken = '';
let crewId = '';
let voyageId = '';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  skipperToken = await registerVerified(app, skipper);
  crewToken = await registerVerified(app, crew);
  crewId = (await apiCall<{ id: string }>(app, crewToken, 'GET', '/api/auth/me', undefined, 200)).id;
  await apiCall(app, crewToken, 'PUT', '/api/profile/update-experience', { years_sailing: 10 }, 200);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 36, capacity: 4 }, 201);
  const voyage = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'POST',
    '/api/voyages/',
    {
      title: TITLE,
      // Departing today: check-ins and completion are taken only from the departure date.
      estimated_start_date: new Date().toISOString().slice(0, 10),
      estimated_end_date: new Date(Date.now() + 2 * DAY_MS).toISOString().slice(0, 10),
      boat_id: boat.id,
      is_custom_voyage: true,
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: ['Navigation'] },
      segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'St Mary’s', distance_nm: 62 }],
    },
    201,
  );
  voyageId = voyage.id;
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('trust and safety at sea', () => {
  it('shows the crew member a match score with its reasons; they apply and, once accepted, accept the agreement', async () => {
    const crewView = await visitor(browser, app, crewToken, MOBILE);
    const { page } = crewView;
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const match = page.getByRole('region', { name: 'Your match' });
    await match.getByTestId('match-score').waitFor();
    expect(await match.getByRole('listitem').count()).toBeGreaterThan(0);
    await screenshot(page, 'voyage-match-score-mobile');

    const area = page.getByRole('region', { name: 'Join this voyage' });
    await area.getByRole('button', { name: 'Apply to Join' }).click();
    const dialog = page.getByRole('dialog', { name: `Apply to join ${TITLE}` });
    await dialog.getByLabel('Message to the skipper').fill(MESSAGE);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await dialog.waitFor({ state: 'detached' });
    await area.getByText('Applied - Pending Review').waitFor();

    // The skipper accepts and issues the agreement from the voyage page.
    const mine = await apiCall<{ applications: { id: string }[] }>(app, crewToken, 'GET', '/api/applications/my-applications', undefined, 200);
    await apiCall(app, skipperToken, 'POST', `/api/applications/${mine.applications[0]!.id}/accept`, {}, 200);
    const skipperView = await visitor(browser, app, skipperToken);
    const skipperPage = skipperView.page;
    await skipperPage.goto(`/voyages/${voyageId}`);
    const agreements = skipperPage.getByRole('region', { name: 'Crew agreements and sailing log' });
    await agreements.getByText('no agreement yet').waitFor();
    await agreements.getByRole('button', { name: 'Issue agreement for Dee Caffari' }).click();
    const form = agreements.getByRole('form', { name: 'Crew agreement for Dee Caffari' });
    await form.getByLabel('Contribution amount (optional)').fill('150');
    await form.getByLabel('Currency').selectOption('EUR');
    await form.getByLabel('What the contribution covers').fill('Food and marina fees');
    await form.getByLabel('Duties (required)').fill('Watches on rota, galley every third day');
    await form.getByLabel('Watch system').fill('3 on, 6 off');
    await form.getByLabel('Leaving early or being asked to leave (required)').fill('Crew pay their own way home from the nearest port');
    await form.getByLabel('Insurance (required)').fill('The boat is insured for crew aboard; bring travel insurance');
    await form.getByRole('button', { name: 'Issue agreement' }).click();
    await agreements.getByText('waiting (v1 issued)').waitFor();
    await screenshot(skipperPage, 'voyage-agreement-waiting-desktop');

    // The crew member finds it on the dashboard and accepts it.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: `Read and accept the crew agreement for ${TITLE}` }).click();
    await page.getByRole('heading', { name: 'Crew agreement', level: 1 }).waitFor();
    await page.getByText('Watches on rota, galley every third day').waitFor();
    // In the currency the skipper chose, not always pounds.
    await page
      .getByText(/€150\.00/)
      .first()
      .waitFor();
    await page.getByLabel("Include my emergency contact in this voyage's float plan").check();
    await page.getByRole('button', { name: 'Accept the agreement' }).click();
    await page
      .getByTestId('agreement-status')
      .getByText(/Version 1 accepted/)
      .waitFor();
    await screenshot(page, 'agreement-accepted-mobile');

    await skipperPage.reload();
    await agreements.getByText('agreement accepted (v1)').waitFor();
    await crewView.context.close();
    await skipperView.context.close();
  });

  it('lets the skipper file a float plan, check in departed and arrived, complete the voyage and confirm the log', async () => {
    const { context, page } = await visitor(browser, app, skipperToken);
    await page.goto(`/voyages/${voyageId}`);
    const planRegion = page.getByRole('region', { name: 'Float plan' });
    await planRegion.getByRole('button', { name: 'File a float plan' }).click();
    const form = planRegion.getByRole('form', { name: 'Float plan' });
    await form.getByLabel('Radio call sign (optional)').fill('MKFR1');
    const contact = form.getByRole('group', { name: 'Shore contact 1' });
    await contact.getByLabel('Name').fill('Harbour Jo');
    await contact.getByLabel('Email').fill('jo@shore-e2e.test');
    await contact.getByLabel('Phone (optional)').fill('+44 1326 000000');
    await form.getByRole('button', { name: 'File float plan' }).click();
    await page.getByText('Float plan filed.', { exact: false }).waitFor();
    await planRegion.getByText('Filed, not departed yet').waitFor();

    // The shore contact's private link works without an account.
    const mail = await waitForMail(app, 'jo@shore-e2e.test', /float plan/i);
    const link = mail.links.find((href) => href.includes('/float-plans/'));
    expect(link).toBeDefined();
    const shore = await visitor(browser, app, null, MOBILE);
    await shore.page.goto(new URL(link!).pathname);
    await shore.page.getByRole('heading', { name: `Float plan: ${TITLE}`, level: 1 }).waitFor();
    await shore.page.getByText('MKFR1').waitFor();
    await screenshot(shore.page, 'float-plan-shore-mobile');
    await shore.page.goto('/float-plans/not-a-real-link');
    await shore.page.getByText('This link is not valid.', { exact: false }).waitFor();
    await shore.context.close();

    const checkIn = page.getByRole('region', { name: 'Check in' });
    await checkIn.getByLabel('Note (optional)').fill('Slipped lines at the pontoon');
    await checkIn.getByRole('button', { name: 'Departed' }).click();
    await checkIn.getByText('Departure recorded. Fair winds!').waitFor();
    await checkIn.getByLabel('Latitude').fill('49.95');
    await checkIn.getByLabel('Longitude').fill('-6.0');
    await checkIn.getByRole('button', { name: 'Arrived' }).click();
    await checkIn.getByText('Arrival recorded', { exact: false }).waitFor();
    const timeline = page.getByTestId('voyage-timeline');
    await timeline.waitFor();
    expect(await timeline.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'voyage-check-ins-desktop');

    await page.getByLabel('Voyage status').selectOption('in_progress');
    await page.getByLabel('Voyage status').selectOption('completed');
    const agreements = page.getByRole('region', { name: 'Crew agreements and sailing log' });
    await agreements.getByRole('button', { name: 'Confirm Dee Caffari sailed' }).click();
    await agreements.getByText('log entry confirmed').waitFor();

    await page.goto(`/users/${crewId}`);
    await page.getByRole('heading', { name: 'Dee Caffari', level: 1 }).waitFor();
    const totals = page.getByTestId('sailing-log-totals');
    await totals.getByText('62 nm').waitFor();
    await page.getByRole('region', { name: 'Verified sailing log' }).getByRole('link', { name: TITLE }).waitFor();
    await screenshot(page, 'public-profile-sailing-log-desktop');

    // The skipper's own log counts the legs they skippered, and their trust reads as the API names it.
    const skipperId = (await apiCall<{ id: string }>(app, skipperToken, 'GET', '/api/auth/me', undefined, 200)).id;
    await page.goto(`/users/${skipperId}`);
    await page.getByTestId('sailing-log-totals').getByText('62 nm').waitFor();
    await page.getByRole('region', { name: 'Verified sailing log' }).getByText('as skipper').waitFor();
    await page.getByTestId('trust-badge').getByText('Email confirmed').waitFor();
    await context.close();
  });
});
