/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, MOBILE, screenshot } from './support/browser';
import { apiCall, registerVerified, visitor, type NewUser } from './support/journey';

/*
 * A crew member messages a skipper from the voyage page; the skipper, in a
 * second browser, sees the header badge turn up without reloading, opens the
 * thread and replies; the crew member sees the reply (and the read receipt)
 * arrive live. A guest's "Message skipper" goes to the login page. The
 * messages page (list and thread) is audited with axe at 1280 and 390 px wide.
 */

jest.setTimeout(180_000);

let app: RunningApp;
let browser: Browser;
const crew: NewUser = { first_name: 'Tracy', last_name: 'Edwards', email: 'tracy@messaging-e2e.test', password: 'maiden-round-1', user_type: 'crew' };
const skipper: NewUser = { first_name: 'Robin', last_name: 'Knox', email: 'robin@messaging-e2e.test', password: 'suhaili-round-1', user_type: 'skipper' };
let crewToken = '';
let skipperToken = '';
let voyageId = '';
const TITLE = 'Falmouth to the Scillies';
const DAY_MS = 86_400_000;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  crewToken = await registerVerified(app, crew);
  skipperToken = await registerVerified(app, skipper);
  const boat = await apiCall<{ id: string }>(app, skipperToken, 'POST', '/api/profile/boats', { name: 'Suhaili', boat_type: 'monohull', length_feet: 32, capacity: 4 }, 201);
  const voyage = await apiCall<{ id: string }>(
    app,
    skipperToken,
    'POST',
    '/api/voyages/',
    {
      title: TITLE,
      estimated_start_date: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
      estimated_end_date: new Date(Date.now() + 33 * DAY_MS).toISOString().slice(0, 10),
      boat_id: boat.id,
      is_custom_voyage: true,
      requirements: { crew_needed: 2, min_experience: 'beginner', skills: [] },
      segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'St Mary’s', distance_nm: 60 }],
    },
    201,
  );
  voyageId = voyage.id;
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('messaging', () => {
  it('takes a guest who wants to message the skipper to the login page', async () => {
    const { context, page } = await visitor(browser, app, null);
    await page.goto(`/voyages/${voyageId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Message skipper' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('delivers a question from the voyage page and the reply live, both ways, without reloading', async () => {
    const skipperSide = await visitor(browser, app, skipperToken);
    await skipperSide.page.goto('/dashboard');
    const skipperNav = skipperSide.page.getByRole('navigation', { name: 'Main' });
    await skipperNav.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    const crewSide = await visitor(browser, app, crewToken);
    const crewPage = crewSide.page;
    await crewPage.goto(`/voyages/${voyageId}`);
    await crewPage.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await crewPage.getByRole('link', { name: 'Message skipper' }).click();
    await crewPage.waitForURL('**/messages/new?**');
    const first = crewPage.getByLabel('Your message');
    await first.fill('Hello Robin, is there still a berth for a keen beginner?');
    await first.press('Enter');
    await crewPage.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const crewThread = crewPage.getByRole('list', { name: 'Messages with Robin Knox' });
    await crewThread.getByText('is there still a berth for a keen beginner?', { exact: false }).waitFor();
    await crewPage.getByRole('region', { name: 'Robin Knox' }).getByRole('link', { name: TITLE }).waitFor();
    await screenshot(crewPage, 'messages-crew-sent-desktop');

    // The skipper's header shows the new message without any reload.
    await skipperNav.getByRole('link', { name: /^Messages\W*1 unread$/ }).waitFor({ timeout: 10_000 });
    await screenshot(skipperSide.page, 'messages-skipper-badge-desktop');
    await skipperNav.getByRole('link', { name: /^Messages\W*1 unread$/ }).click();
    await skipperSide.page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: /Tracy Edwards/ })
      .click();
    const reply = skipperSide.page.getByLabel('Message Tracy Edwards');
    await reply.fill('Yes! Bring oilskins.');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('We leave at 06:00.');
    await reply.press('Enter');
    await skipperSide.page.getByRole('list', { name: 'Messages with Tracy Edwards' }).getByText('Bring oilskins.', { exact: false }).waitFor();
    // Read: the badge is gone.
    await skipperNav.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    // The crew member sees the reply arrive, and their own message marked read.
    const answer = crewThread.locator('.message--theirs .message__body');
    await answer.waitFor({ timeout: 10_000 });
    expect(await answer.textContent()).toBe('Yes! Bring oilskins.\nWe leave at 06:00.');
    await crewThread.locator('.message--mine').getByText('Read', { exact: false }).waitFor({ timeout: 10_000 });
    await screenshot(crewPage, 'messages-crew-reply-desktop');

    // The list at 1280 px: the conversation with its voyage and last message.
    await crewPage.goto('/messages');
    const conversations = crewPage.getByRole('navigation', { name: 'Conversations' });
    await conversations.getByRole('link', { name: /Robin Knox/ }).waitFor();
    await screenshot(crewPage, 'messages-list-desktop');

    const list = await apiCall<{ conversations: { unread_count: number; last_message: { preview: string } }[] }>(app, crewToken, 'GET', '/api/conversations', undefined, 200);
    expect(list.conversations).toHaveLength(1);
    await crewSide.context.close();
    await skipperSide.context.close();
  });

  it('shows the list, then one thread at a time, on a phone', async () => {
    const { context, page } = await visitor(browser, app, skipperToken, MOBILE);
    await page.goto('/messages');
    const conversations = page.getByRole('navigation', { name: 'Conversations' });
    await conversations.getByRole('link', { name: /Tracy Edwards/ }).waitFor();
    await screenshot(page, 'messages-list-mobile');
    await conversations.getByRole('link', { name: /Tracy Edwards/ }).click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const thread = page.getByRole('list', { name: 'Messages with Tracy Edwards' });
    await thread.getByText('Bring oilskins.', { exact: false }).waitFor();
    // One pane at a time: the list is out of the way, with a way back to it.
    expect(await conversations.isVisible()).toBe(false);
    await page.getByLabel('Message Tracy Edwards').waitFor();
    await screenshot(page, 'messages-thread-mobile');
    await page.getByRole('link', { name: '← All conversations' }).click();
    await conversations.getByRole('link', { name: /Tracy Edwards/ }).waitFor();
    await context.close();
  });
});
