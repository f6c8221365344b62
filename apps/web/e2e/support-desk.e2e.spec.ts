/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { adminSession, apiCall, registerVerified, visitor, waitForMail } from './support/journey';

/*
 * The support desk in a real browser: an administrator writes a knowledge
 * base article and a guest finds it in the Help centre's search, reads it on
 * its own page and votes; the administrator sends a small campaign, watches
 * it in recent communications, and the crew member receives it with an
 * unsubscribe link that works.
 */

jest.setTimeout(120_000);

let app: RunningApp;
let browser: Browser;
let adminToken = '';

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const session = await adminSession(app);
  adminToken = session.access_token;
  await registerVerified(app, { first_name: 'Ellen', last_name: 'MacArthur', email: 'ellen@support-e2e.test', password: 'kingfisher-2005', user_type: 'crew' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('support desk', () => {
  it('an admin writes a knowledge base article and it appears in the public Help search', async () => {
    const admin = await visitor(browser, app, adminToken);
    const page = admin.page;
    await page.goto('/admin/support');
    await page.getByRole('tab', { name: 'Knowledge Base' }).click();
    await page.getByRole('button', { name: /^Safety \(\d+\)$/ }).waitFor();
    await page.getByRole('button', { name: 'New article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New article' });
    await dialog.getByLabel('Title').fill('Packing a grab bag for night passages');
    await dialog.getByLabel('Summary').fill('What goes in it and where to stow it.');
    await dialog.getByLabel('Category').selectOption({ label: 'Safety' });
    await dialog.getByLabel(/^Article/).fill('Pack a **waterproof torch**, a handheld VHF and spare batteries.\n\n- Flares\n- Water\n\nSee the [safety guide](/help/safety).');
    await dialog.getByRole('button', { name: 'Save article' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-article="Packing a grab bag for night passages"]').waitFor();
    await screenshot(page, 'support-knowledge-base');
    await admin.context.close();

    const guest = await visitor(browser, app, null);
    await guest.page.goto('/help');
    await guest.page.getByRole('searchbox', { name: 'Search help articles' }).fill('grab bag torch');
    const question = guest.page.getByRole('button', { name: 'Packing a grab bag for night passages' });
    await question.click();
    const answer = guest.page.getByRole('region', { name: 'Packing a grab bag for night passages' });
    await answer.locator('strong', { hasText: 'waterproof torch' }).waitFor();
    expect(await answer.getByRole('link', { name: 'safety guide' }).getAttribute('href')).toBe('/help/safety');
    await answer.getByRole('link', { name: 'Open as a page' }).click();
    await guest.page.getByRole('heading', { level: 1, name: 'Packing a grab bag for night passages' }).waitFor();
    await guest.page.getByRole('button', { name: 'Yes' }).click();
    await guest.page.getByText('Thank you for your feedback.').waitFor();
    await screenshot(guest.page, 'help-article');
    await guest.context.close();

    const articles = await apiCall<{ articles: { title: string; view_count: number; helpful_count: number; total_votes: number }[] }>(
      app,
      adminToken,
      'GET',
      '/api/admin/support/knowledge-base/articles',
      undefined,
      200,
    );
    expect(articles.articles.find((a) => a.title === 'Packing a grab bag for night passages')).toMatchObject({ view_count: 1, helpful_count: 1, total_votes: 1 });
  });

  it('an admin sends a small campaign and sees it in recent communications', async () => {
    const { context, page } = await visitor(browser, app, adminToken);
    await page.goto('/admin/support');
    await page.getByRole('tab', { name: 'Communications' }).click();
    await page.getByRole('heading', { name: 'Email campaign' }).waitFor();
    await page.getByRole('button', { name: 'Send Email Campaign' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email Campaign' });
    await dialog.getByLabel('Audience').selectOption('crew');
    await dialog.getByLabel('Subject').fill('Spring delivery trips');
    await dialog.getByLabel('Message').fill('Three skippers need crew to bring boats back from the Canaries in April.');
    // The button names the audience's size, counted by the server for the chosen audience (one crew member here).
    await dialog.getByRole('button', { name: 'Send to 1 member' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('[data-communication="Spring delivery trips"]');
    await row.getByText('Crew (1)').waitFor();
    await row.getByText('sent', { exact: true }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'support-communications');
    await context.close();

    const mail = await waitForMail(app, 'ellen@support-e2e.test', /^Spring delivery trips$/);
    const unsubscribe = mail.links.find((link) => link.includes('/unsubscribe?'));
    expect(unsubscribe).toBeDefined();
    const crew = await visitor(browser, app, null);
    await crew.page.goto(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
    await crew.page.getByRole('button', { name: 'Unsubscribe from campaign mail' }).click();
    await crew.page.getByText(/You are unsubscribed/).waitFor();
    await crew.context.close();
  });
});
