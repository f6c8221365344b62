/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, screenshot } from './support/browser';
import { adminSession, apiCall, registerVerified, visitor } from './support/journey';

/*
 * The admin console's configuration journey: an administrator switches
 * monetization on and moves the rollout from the Platform Overview, each
 * time confirming after seeing how many crew members would need a
 * subscription (counted by the server); adds (picked by name) and removes a
 * grandfathered crew member on Platform Configuration, finds every change in
 * Recent Changes and the full history by label and name, and reads the
 * configuration as it stood before any of it. The tests share one app and run in order.
 */

jest.setTimeout(120_000);

let app: RunningApp;
let browser: Browser;
let adminToken = '';
let adminId = '';
let crewId = '';
let startedAt = new Date();

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const session = await adminSession(app);
  adminToken = session.access_token;
  adminId = session.user.id;
  const crewToken = await registerVerified(app, { first_name: 'Tracy', last_name: 'Edwards', email: 'tracy@admin-e2e.test', password: 'maiden-1989', user_type: 'crew' });
  crewId = (await apiCall<{ id: string }>(app, crewToken, 'GET', '/api/auth/me', undefined, 200)).id;
  startedAt = new Date();
  // The as-of view picks minutes: make sure the first change falls in a later minute than startedAt.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A datetime-local value (browser-local minutes) for a moment. */
const localMinute = (date: Date): string => {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
};

const recentKeys = async (page: Page): Promise<string[]> => page.getByRole('region', { name: 'Recent Changes' }).locator('.recent-changes__key').allTextContents();

describe('admin configuration', () => {
  it('switches monetization on and moves the rollout from the Platform Overview, confirming each change after seeing its count', async () => {
    const { context, page } = await visitor(browser, app, adminToken);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Platform Overview', level: 1 }).waitFor();
    await page.getByText('Monetization Disabled').waitFor();
    await page.getByRole('heading', { name: 'Total Users' }).waitFor();
    const slider = page.getByLabel('Rollout percentage');
    expect(await slider.isDisabled()).toBe(true);

    const toggle = page.getByRole('switch', { name: 'Monetization' });
    await toggle.click();
    const switching = page.getByRole('alertdialog', { name: 'Turn monetization on?' });
    // The rollout is still 0%: nobody would need a subscription yet.
    await switching.getByText('0 crew members will need a subscription to apply.').waitFor();
    await switching.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Monetization Enabled').waitFor();
    await page.getByRole('status').filter({ hasText: 'Saved' }).first().waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await page.waitForFunction(() => !(document.querySelector('input[type="range"]') as HTMLInputElement | null)?.disabled);

    // Moving the slider saves nothing; Save shows the server's count and asks first.
    let saves = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/rollout/percentage') && request.method() === 'PUT') saves++;
    });
    await slider.fill('100');
    await slider.fill('25');
    await page.getByText('25% of crew members affected').waitFor();
    await page.getByText(/crew members? would need a subscription/).waitFor();
    expect(saves).toBe(0);
    await page.getByRole('button', { name: 'Save rollout…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Set the rollout to 25%?' });
    // Tracy joined today: inside her free trial, she needs no subscription yet.
    await confirm.getByText('0 crew members will need a subscription to apply.').waitFor();
    await screenshot(page, 'admin-overview-rollout-confirm');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/rollout/percentage') && r.request().method() === 'PUT');
    await confirm.getByRole('button', { name: 'Save rollout' }).click();
    expect((await saved).status()).toBe(200);
    expect(saves).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Saved' }).first().waitFor();
    await page.waitForFunction(() => !(document.querySelector('input[type="range"]') as HTMLInputElement | null)?.disabled);
    await page.getByRole('region', { name: 'Rollout Impact' }).getByText('Estimated affected users').waitFor();
    await screenshot(page, 'admin-overview-desktop');
    await context.close();

    const config = await apiCall<{ monetization_enabled: { value: boolean }; rollout_percentage: { value: number } }>(app, adminToken, 'GET', '/api/admin/config', undefined, 200);
    expect([config.monetization_enabled.value, config.rollout_percentage.value]).toEqual([true, 25]);
  });

  it('adds and removes a grandfathered crew member, and shows every change in Recent Changes and the full history', async () => {
    const { context, page } = await visitor(browser, app, adminToken);
    await page.goto('/admin/config');
    await page.getByRole('heading', { name: 'Platform Configuration', level: 1 }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('Subscription requirements are now enforced for crew members').waitFor();
    await page.getByText('No grandfathered users').waitFor();

    // Picked by name from the users search, not typed as an id.
    const picker = page.getByRole('combobox', { name: 'Add a crew member to grandfathered users' });
    await picker.fill('Tracy');
    await page.getByRole('option', { name: /Tracy Edwards/ }).click();
    const tag = page.getByRole('list', { name: 'Grandfathered Users' }).getByText('Tracy Edwards');
    await tag.waitFor();
    await page.getByRole('status').filter({ hasText: 'Saved: Tracy Edwards added' }).waitFor();
    expect(await picker.inputValue()).toBe('');
    await screenshot(page, 'admin-config-desktop');

    await page.getByRole('button', { name: 'Remove Tracy Edwards from grandfathered users' }).click();
    await page.getByText('No grandfathered users').waitFor();

    await page.waitForFunction(() => document.querySelectorAll('.recent-changes__key').length >= 4);
    expect((await recentKeys(page)).slice(0, 4)).toEqual(['Grandfathered users', 'Grandfathered users', 'Rollout percentage', 'Monetization']);
    const recent = page.getByRole('region', { name: 'Recent Changes' });
    expect(await recent.getByText('by Platform Admin').count()).toBe(4);
    expect(await recent.textContent()).not.toContain(adminId);
    expect(await recent.getByText('Configuration updated').count()).toBe(4);
    await recent.getByText('Added Tracy Edwards').waitFor();

    const history = page.getByRole('region', { name: 'Full History' });
    await history.getByRole('cell', { name: 'Added Tracy Edwards' }).waitFor();
    await history.getByRole('cell', { name: 'Removed Tracy Edwards' }).waitFor();
    expect(await history.textContent()).not.toContain(crewId);
    await history.getByLabel('Setting').selectOption('rollout_percentage');
    await history.getByRole('cell', { name: '0% → 25%' }).waitFor();
    await history.getByText('Page 1 of 1 · 1 change').waitFor();
    expect(await history.getByRole('cell', { name: 'Platform Admin' }).count()).toBe(1);
    await history.getByLabel('Setting').selectOption('monetization_enabled');
    await history.getByRole('cell', { name: 'Off → On' }).waitFor();
    await context.close();
  });

  it('shows the configuration as it stood before the changes, and now', async () => {
    const { context, page } = await visitor(browser, app, adminToken);
    await page.goto('/admin/config');
    const asOf = page.getByRole('region', { name: 'Configuration As Of' });
    await asOf.getByLabel('Date and time').fill(localMinute(startedAt));
    await asOf.getByRole('button', { name: 'Show configuration' }).click();
    await asOf.getByText('no change had been made yet; every setting had its default.').waitFor();
    const values = asOf.locator('.as-of__values');
    await values.getByText('Inactive').waitFor();
    expect(await values.locator('dd').allTextContents()).toEqual(['Inactive', '0%', '30 days', '£30.00 per year', 'None', 'None']);

    await asOf.getByLabel('Date and time').fill(localMinute(new Date(Date.now() + 60_000)));
    await asOf.getByRole('button', { name: 'Show configuration' }).click();
    await asOf.getByText(/4 changes applied/).waitFor();
    expect(await values.locator('dd').allTextContents()).toEqual(['Active', '25%', '30 days', '£30.00 per year', 'None', 'None']);
    await context.close();
  });

  it('works at 390 px: the menu reaches the six pages, and logout returns to /login', async () => {
    const { context, page } = await visitor(browser, app, adminToken, MOBILE);
    await page.goto('/admin/config');
    await page.getByRole('heading', { name: 'Platform Configuration', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Recent Changes' }).locator('.recent-changes__key').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-config-mobile');
    const menu = page.getByRole('navigation', { name: 'Administration' });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Configuration', 'Users', 'Voyages', 'Analytics', 'Support']);
    await menu.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Platform Analytics', level: 1 }).waitFor();
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Platform Overview', level: 1 }).waitFor();
    await page.getByText('Platform Admin').waitFor();
    await page.getByText('Administrator', { exact: true }).waitFor();
    await screenshot(page, 'admin-overview-mobile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
