/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { adminSession, apiCall, registerVerified, visitor, waitForMail } from './support/journey';

/*
 * The administrator's journey through User Management and Voyage Oversight:
 * find a member, grant premium, open their details and history; suspend a
 * member (signed out, sign-in refused, voyages gone from browse, mailed) and
 * reinstate them; suspend a voyage and see it gone from /voyages; export the
 * voyages as CSV and read it.
 */

jest.setTimeout(180_000);

let app: RunningApp;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };

const CREW = { first_name: 'Tilly', last_name: 'Lighthouse', email: 'tilly@admin-e2e.test', password: 'bosun-whistle-9', user_type: 'crew' } as const;
const SKIPPER = { first_name: 'Robin', last_name: 'Galeforce', email: 'robin@admin-e2e.test', password: 'reef-knot-sails-7', user_type: 'skipper' } as const;
const TITLE = 'Suspicious Solent Sprint';
const OTHER_TITLE = 'Honest Hebrides Passage';
const isoDaysAhead = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  await registerVerified(app, CREW);
  const skipperToken = await registerVerified(app, SKIPPER);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Petrel', boat_type: 'monohull', length_feet: 34, capacity: 5 }, 201);
  for (const title of [TITLE, OTHER_TITLE]) {
    await apiCall(
      app,
      skipperToken,
      'POST',
      '/api/voyages/',
      {
        title,
        description: 'A short hop with time ashore.',
        estimated_start_date: isoDaysAhead(20),
        estimated_end_date: isoDaysAhead(24),
        boat_id: boat.id,
        is_custom_voyage: true,
        segments: [{ departure_custom_location: 'Cowes', arrival_custom_location: 'Yarmouth', distance_nm: 15 }],
      },
      201,
    );
  }
  const session = await adminSession(app);
  admin = await visitor(browser, app, session.access_token);
}, 180_000);

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await app?.stop();
});

describe('User Management', () => {
  it('searches a user, grants premium and opens their details with the admin history', async () => {
    const { page } = admin;
    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByText('Total users').waitFor();
    await page.getByLabel('Search users').fill('lighthouse');
    const row = page.getByRole('row').filter({ hasText: CREW.email });
    await row.waitFor();
    await page.getByText('1 user found').waitFor();
    // Joined today: within the 30-day trial.
    expect(await row.getByRole('cell').nth(3).textContent()).toContain('Trial');

    await row.getByRole('button', { name: `Grant premium to ${CREW.first_name} ${CREW.last_name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Grant premium access?' });
    await confirm.waitFor();
    await screenshot(page, 'admin-users-grant-confirm');
    await confirm.getByRole('button', { name: 'Grant premium' }).click();
    await page.getByRole('status').filter({ hasText: 'Premium access granted' }).waitFor();
    await row.getByRole('button', { name: `Revoke premium from ${CREW.first_name} ${CREW.last_name}` }).waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toMatch(/Premium\s*Expires/);

    await row.getByRole('button', { name: `View details of ${CREW.first_name} ${CREW.last_name}` }).click();
    const details = page.getByRole('dialog', { name: `${CREW.first_name} ${CREW.last_name}` });
    await details.waitFor();
    await details.getByText('Premium granted').waitFor();
    expect(await details.textContent()).toContain(CREW.email);
    expect(await details.textContent()).toContain('Not provided');
    await screenshot(page, 'admin-users-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
  });
});

describe('Suspending a member', () => {
  const browse = async (): Promise<string[]> =>
    (await apiCall<{ voyages: { title: string }[] }>(app, null, 'GET', '/api/voyages/?limit=50', undefined, 200)).voyages.map((v) => v.title);
  const name = `${SKIPPER.first_name} ${SKIPPER.last_name}`;

  it('suspends a skipper with a reason: they cannot sign in and their voyages leave browse; reinstating brings them back', async () => {
    const { page } = admin;
    const session = await apiCall<{ access_token: string }>(app, null, 'POST', '/api/auth/login', { email: SKIPPER.email, password: SKIPPER.password }, 200);
    expect(await browse()).toEqual(expect.arrayContaining([TITLE, OTHER_TITLE]));
    await page.getByLabel('Search users').fill('galeforce');
    const row = page.getByRole('row').filter({ hasText: SKIPPER.email });
    await row.waitFor();
    // Only crew can hold a crew subscription: no premium for a skipper.
    expect(await row.getByRole('button', { name: `Grant premium to ${name}` }).count()).toBe(0);
    await row.getByRole('button', { name: `Suspend ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Suspend ${name}?` });
    await dialog.getByLabel('Reason (sent to the member)').fill('Listings that misled crew about the boat');
    await screenshot(page, 'admin-users-suspend');
    await dialog.getByRole('button', { name: 'Suspend account' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${name} is suspended` })
      .waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();

    // Signed out everywhere, refused at sign-in with a clear message, voyages out of browse, mailed the reason.
    await apiCall(app, session.access_token, 'GET', '/api/auth/me', undefined, 401);
    const guest = await visitor(browser, app, null);
    await guest.page.goto('/login');
    await guest.page.getByLabel('Email').fill(SKIPPER.email);
    await guest.page.getByLabel('Password', { exact: true }).fill(SKIPPER.password);
    await guest.page.getByRole('button', { name: 'Sign In' }).click();
    await guest.page.getByRole('alert').filter({ hasText: 'This account is suspended. Contact support.' }).waitFor();
    await guest.context.close();
    expect(await browse()).not.toContain(OTHER_TITLE);
    expect(await browse()).not.toContain(TITLE);
    await waitForMail(app, SKIPPER.email, /account has been suspended/);

    await row.getByRole('button', { name: `View details of ${name}` }).click();
    const details = page.getByRole('dialog', { name });
    await details.getByText('Account suspended').waitFor();
    expect(await details.textContent()).toContain('Listings that misled crew about the boat');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Reinstate ${name}` }).click();
    const reinstate = page.getByRole('alertdialog', { name: `Reinstate ${name}?` });
    await reinstate.getByRole('button', { name: 'Reinstate account' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${name} is reinstated` })
      .waitFor();
    await row.getByRole('button', { name: `Suspend ${name}` }).waitFor();
    expect(await browse()).toEqual(expect.arrayContaining([TITLE, OTHER_TITLE]));
    await apiCall(app, null, 'POST', '/api/auth/login', { email: SKIPPER.email, password: SKIPPER.password }, 200);
    await waitForMail(app, SKIPPER.email, /account is active again/);
  });
});

describe('Voyage Oversight', () => {
  it('suspends a voyage, which is gone from /voyages at once', async () => {
    const { page } = admin;
    await page.goto('/admin/voyages');
    await page.getByRole('heading', { name: 'Voyage Oversight' }).waitFor();
    await page.getByText('Total voyages').waitFor();
    await page.getByLabel('Search voyages').fill('suspicious');
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.waitFor();
    await page.getByText('1 voyage found').waitFor();
    await row.getByRole('button', { name: `Suspend ${TITLE}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Suspend this voyage?' });
    await dialog.getByLabel('Reason').fill('The listing misleads crew about the boat');
    await dialog.getByRole('button', { name: 'Suspend voyage' }).click();
    await page.getByRole('status').filter({ hasText: 'suspended' }).waitFor();
    await row.getByText('Suspended').waitFor();

    const guest = await visitor(browser, app, null);
    await guest.page.goto('/voyages?view=list');
    await guest.page.getByText(OTHER_TITLE).first().waitFor();
    expect(await guest.page.getByText(TITLE).count()).toBe(0);
    await guest.context.close();

    await row.getByRole('button', { name: `View ${TITLE}` }).click();
    const details = page.getByRole('dialog', { name: TITLE });
    for (const section of ['Voyage Information', 'Route & Timing', 'Crew & Cost', 'Skipper Information']) await details.getByRole('heading', { name: section }).waitFor();
    await details.getByText('The listing misleads crew about the boat').waitFor();
    await screenshot(page, 'admin-voyages-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
  });

  it('exports every matching voyage as CSV', async () => {
    const { page } = admin;
    await page.getByLabel('Search voyages').fill('');
    await page.getByText('2 voyages found').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^voyages-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const lines = readFileSync(file, 'utf8').trim().split(/\r\n/);
    const header = lines[0]!.split(',');
    expect(header.slice(0, 4)).toEqual(['id', 'title', 'status', 'suspended']);
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(2);
    const suspended = rows.find((cells) => cells[1] === TITLE);
    expect(suspended?.[header.indexOf('suspended')]).toBe('true');
    expect(suspended?.[header.indexOf('skipper_email')]).toBe(SKIPPER.email);
    expect(rows.find((cells) => cells[1] === OTHER_TITLE)?.[header.indexOf('status')]).toBe('ACTIVE');
  });
});
