/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor, waitForMail } from './support/journey';

jest.setTimeout(120_000);

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a member looking after their own account', () => {
  it('changes the password (other sessions end), downloads their data, and deletes the account', async () => {
    const email = 'ida@self-service-e2e.test';
    const token = await registerVerified(app, { first_name: 'Ida', last_name: 'Lewis', email, password: 'Lime-Rock-1869', user_type: 'both' });
    // A second session, on another device: the password change ends it.
    const elsewhere = await apiCall<{ access_token: string }>(app, null, 'POST', '/api/auth/login', { email, password: 'Lime-Rock-1869' }, 200);
    await apiCall(app, token, 'POST', '/api/profile/boats', { name: 'Lighthouse Tender', boat_type: 'monohull', length_feet: 24, capacity: 4 }, 201);

    const { context, page } = await visitor(browser, app, token);
    await page.goto('/profile');

    // Change password: a wrong current password is refused in place, the right one is accepted.
    const passwordForm = page.getByRole('region', { name: 'Change password' });
    await passwordForm.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await passwordForm.getByLabel('New password', { exact: true }).fill('Newport-Light-1879');
    await passwordForm.getByLabel('Confirm new password').fill('Newport-Light-1879');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Your current password is not correct.', { exact: true }).waitFor();
    await passwordForm.getByLabel('Current password', { exact: true }).fill('Lime-Rock-1869');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Your password has been changed. Every other session of your account has been signed out.').waitFor();
    await screenshot(page, 'account-self-service-password-changed');

    expect((await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${elsewhere.access_token}` } })).status).toBe(401);
    await waitForMail(app, email, /Your Crew Finder password was changed/);
    // This browser stays signed in with its fresh token (the old one no longer works).
    const fresh = await page.evaluate(() => window.localStorage.getItem('crew.access_token'));
    expect(fresh).not.toBe(token);
    expect((await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(200);

    // Download my data: one JSON file with the profile and the boat.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^crew-finder-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { email: string }; boats: { name: string }[] };
    expect(exported.profile.email).toBe(email);
    expect(exported.boats.map((boat) => boat.name)).toEqual(['Lighthouse Tender']);
    await page.getByText(/^Saved crew-finder-data-/).waitFor();

    // Delete my account: the danger zone says what happens, the dialog asks for the password.
    const zone = page.getByRole('region', { name: 'Delete my account' });
    await zone.getByText('A crew subscription paid by card is cancelled with the payment provider').waitFor();
    await zone.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('Lime-Rock-1869');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText('Your current password is not correct.', { exact: true }).waitFor();
    await dialog.getByLabel('Password').fill('Newport-Light-1879');
    await screenshot(page, 'account-self-service-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

    await page.waitForURL(`${app.url}/`);
    await page.getByRole('status').filter({ hasText: 'Your account has been deleted and you are signed out.' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('crew.access_token'))).toBeNull();
    await screenshot(page, 'account-self-service-deleted');
    expect(
      (
        await fetch(`${app.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'Newport-Light-1879' }),
        })
      ).status,
    ).toBe(401);
    await context.close();
  });
});
