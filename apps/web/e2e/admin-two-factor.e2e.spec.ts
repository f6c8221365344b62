/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { apiCall, passAdminCodeStep, registerVerified, rememberAdminSecondFactor, visitor } from './support/journey';

/*
 * The first administrator's two-step sign-in: signed in with the password only,
 * the admin area asks them to turn it on; they add the secret to an
 * authenticator (here otplib stands in for the phone), confirm a code, see the
 * recovery codes once, sign out and sign in again with a code. Then they mark a
 * member's identity as checked, see it in the admin history, and the member's
 * public profile shows them as Verified.
 */

jest.setTimeout(180_000);

let app: RunningApp;
let browser: Browser;
const MEMBER = { first_name: 'Ellen', last_name: 'Passage', email: 'ellen@two-factor-e2e.test', password: 'trade-winds-2031', user_type: 'crew' } as const;
let memberId = '';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const token = await registerVerified(app, MEMBER);
  memberId = (await apiCall<{ id: string }>(app, token, 'GET', '/api/auth/me', undefined, 200)).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('an administrator turns on two-step sign-in and checks a member’s identity', () => {
  it('sets it up on first sign-in, signs in again with a code, marks an identity as checked and sees the Verified badge', async () => {
    const { context, page } = await visitor(browser, app, null);
    await page.goto('/login');
    await page.getByLabel('Email').fill(app.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(app.adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');

    // Kept out of the admin pages until two-step sign-in is on.
    await page.getByRole('heading', { name: 'Turn on two-step sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('two-factor-otpauth').getAttribute('href')).toMatch(new RegExp(`^otpauth://totp/Crew%20Finder:.*secret=${secret}`));
    await screenshot(page, 'admin-two-factor-setup');

    // A wrong code first, then the authenticator's.
    const codeField = page.getByLabel('Code from your authenticator app');
    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not valid.' }).waitFor();
    const enabledAt = new Date();
    await codeField.fill(await generate({ secret, epoch: Math.floor(enabledAt.getTime() / 1000) }));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in is on' }).waitFor();
    const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    rememberAdminSecondFactor(app, secret, recoveryCodes, enabledAt);
    await screenshot(page, 'admin-two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByRole('heading', { name: 'Platform Overview' }).waitFor();

    // Signed out, the password alone no longer signs in: the code step follows.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(app.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(app.adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not valid.' }).waitFor();
    await passAdminCodeStep(app, page);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Platform Overview' }).waitFor();

    // Marks the member's identity as checked, with how it was checked.
    const name = `${MEMBER.first_name} ${MEMBER.last_name}`;
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill('passage');
    const row = page.getByRole('row').filter({ hasText: MEMBER.email });
    await row.waitFor();
    await row.getByRole('button', { name: `Verify identity of ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Mark ${name}'s identity as checked?` });
    await dialog.getByLabel('How was the identity checked?').fill('Passport seen on a video call');
    await screenshot(page, 'admin-two-factor-identity');
    await dialog.getByRole('button', { name: 'Mark identity checked' }).click();
    await page.getByRole('status').filter({ hasText: 'Identity marked as checked' }).waitFor();
    await row.getByRole('button', { name: `Revoke identity of ${name}` }).waitFor();

    // The admin history has it, with the note.
    await row.getByRole('button', { name: `View details of ${name}` }).click();
    const details = page.getByRole('dialog', { name });
    await details.getByText('Identity checked').waitFor();
    expect(await details.textContent()).toContain('Passport seen on a video call');
    await details.getByRole('button', { name: 'Close' }).click();

    // The member's public profile shows them as Verified.
    await page.goto(`/users/${memberId}`);
    const badge = page.getByTestId('trust-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toContain('Verified');
    await screenshot(page, 'admin-two-factor-verified-badge');
    await context.close();
  });
});
