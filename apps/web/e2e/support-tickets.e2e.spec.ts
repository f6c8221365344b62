/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { adminSession, registerVerified, visitor, waitForMail } from './support/journey';

/*
 * A member contacts support from the Help centre; an administrator finds the
 * ticket on the Support Dashboard, replies, sets it resolved and assigns it
 * to themselves; the member finds it from Support in the account menu,
 * gets the email, sees the reply on /support and rates it; the administrator
 * sees the satisfaction figure move and the ticket's timeline.
 */

jest.setTimeout(180_000);

let app: RunningApp;
let browser: Browser;
let member: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };

const CREW = { first_name: 'Noor', last_name: 'Seaborne', email: 'noor@support-e2e.test', password: 'spinnaker-sheet-4', user_type: 'crew' } as const;
const SUBJECT = 'Boat photo upload keeps failing';
const REPLY = 'Please try again with a photo under 5 MB; we have fixed the upload.';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const token = await registerVerified(app, CREW);
  member = await visitor(browser, app, token);
  const session = await adminSession(app);
  admin = await visitor(browser, app, session.access_token);
}, 180_000);

afterAll(async () => {
  await member?.context.close();
  await admin?.context.close();
  await browser?.close();
  await app?.stop();
});

describe('support tickets', () => {
  it('a member opens a ticket from the Help centre', async () => {
    const { page } = member;
    await page.goto('/help');
    const form = page.getByRole('form', { name: 'Contact support' });
    await form.waitFor();
    await form.getByLabel('Subject').fill(SUBJECT);
    await form.getByLabel('How can we help?').fill('Every time I upload a photo of my boat the page spins and then says it failed.');
    await form.getByRole('button', { name: 'Send to support' }).click();
    await page.getByText('Your ticket is open').waitFor();
    await screenshot(page, 'support-contact-sent');
    await page.getByRole('link', { name: 'View your ticket' }).click();
    await page.getByRole('heading', { name: SUBJECT }).waitFor();
    await page.getByText('Status: Open').waitFor();
  });

  it('an administrator finds it, replies and sets it resolved; the member is mailed', async () => {
    const { page } = admin;
    await page.goto('/admin/support');
    await page.getByRole('heading', { name: 'Support Dashboard' }).waitFor();
    await page.getByRole('tab', { name: /Support Tickets/ }).waitFor();
    await page.getByLabel('Search tickets').fill('upload keeps');
    const card = page.getByRole('article').filter({ hasText: SUBJECT });
    await card.waitFor();
    expect(await card.textContent()).toContain(`${CREW.first_name} ${CREW.last_name}`);
    expect(await card.textContent()).toContain('No replies yet');
    await page
      .getByRole('combobox', { name: /^Status/ })
      .first()
      .selectOption('resolved');
    await page.getByText('No tickets match your current filters.').waitFor();
    await page
      .getByRole('combobox', { name: /^Status/ })
      .first()
      .selectOption('');
    await card.getByRole('button', { name: SUBJECT }).click();

    const dialog = page.getByRole('dialog', { name: SUBJECT });
    await dialog.waitFor();
    await dialog.getByLabel('Reply to the member').fill(REPLY);
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await dialog.getByText(REPLY).waitFor();
    await dialog.getByRole('combobox', { name: /^Status/ }).selectOption('resolved');
    await dialog.getByText('changed the status from open to resolved').waitFor();
    // The administrator takes the ticket: Assign to me, then the selector names them.
    await dialog.getByRole('button', { name: 'Assign to me' }).click();
    await dialog.getByText('assigned the ticket to Platform Admin').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Assign to' }).locator('option:checked').textContent()).toBe('Platform Admin (me)');
    await dialog.getByRole('button', { name: 'Unassign' }).waitFor();
    await screenshot(page, 'support-admin-ticket');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await card.getByText('Last reply just now').waitFor();

    const mail = await waitForMail(app, CREW.email, /Support replied: Boat photo upload keeps failing/);
    expect(mail.links.some((link) => link.includes('/support?ticket='))).toBe(true);
    await waitForMail(app, CREW.email, /Ticket resolved/);
  });

  it('the member sees the reply on /support from the mailed link and rates it', async () => {
    const { page } = member;
    // Support in the account menu leads to the member's tickets.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await page.waitForURL(/\/support$/);
    await page.getByRole('list', { name: 'Your tickets' }).getByText(SUBJECT).waitFor();
    const mail = await waitForMail(app, CREW.email, /Support replied/);
    const link = new URL(mail.links.find((l) => l.includes('/support?ticket=')) ?? '');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(REPLY).waitFor();
    await page.getByText('Status: Resolved').waitFor();
    await page.getByRole('button', { name: 'Satisfied', exact: true }).click();
    await page.getByText('You told us you were satisfied').waitFor();
    await screenshot(page, 'support-member-rated');
  });

  it('the administrator sees the satisfaction figure move and the ticket timeline', async () => {
    const { page } = admin;
    await page.goto('/admin/support');
    await page.waitForFunction(() => document.querySelector('[data-testid="satisfaction-rate"]')?.textContent === '100%');
    await page.getByRole('button', { name: SUBJECT }).click();
    const dialog = page.getByRole('dialog', { name: SUBJECT });
    const timeline = dialog.getByRole('list', { name: 'Ticket timeline' });
    await timeline.getByText('rated it: satisfied').waitFor();
    // Assignees are named from the administrators' list, a request of its own that may arrive after the timeline.
    await timeline.getByText('assigned the ticket to Platform Admin').waitFor();
    const lines = await timeline.getByRole('listitem').allTextContents();
    expect(lines.map((line) => line.replace(/^.*? — /, ''))).toEqual([
      `${CREW.first_name} ${CREW.last_name} opened the ticket (medium priority)`,
      'Platform Admin replied as support',
      'Platform Admin changed the status from open to resolved',
      'Platform Admin assigned the ticket to Platform Admin',
      `${CREW.first_name} ${CREW.last_name} rated it: satisfied`,
    ]);
    await screenshot(page, 'support-admin-timeline');
  });
});
