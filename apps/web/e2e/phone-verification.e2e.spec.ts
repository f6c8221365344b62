/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, screenshot } from './support/browser';
import { registerVerified, visitor, type NewUser } from './support/journey';

/*
 * Phone verification: a member adds a phone number to their profile, asks for
 * a code, reads the text message the app kept in its local mailbox (no SMS
 * provider is configured, so the mailbox shows it as an SMS to the phone
 * number), types the code in and sees the phone badge and the trust point.
 */

jest.setTimeout(180_000);

const PHONE = '+44 7700 900321';
const member: NewUser = { first_name: 'Tracy', last_name: 'Edwards', email: 'tracy@phone-e2e.test', password: 'maiden-1989-x', user_type: 'crew' };

interface Texted {
  readonly channel: string;
  readonly to: string;
  readonly text: string;
}

let app: RunningApp;
let browser: Browser;
let token = '';

/** Waits (up to 15 s) for a text message to `to` in the local mailbox; the code it carries. */
async function codeTextedTo(to: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const { messages } = (await (await fetch(`${app.url}/dev/mailbox.json`)).json()) as { messages: Texted[] };
    const sms = messages.find((m) => m.channel === 'sms' && m.to === to);
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no text message to ${to}`);
}

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  token = await registerVerified(app, member);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('phone verification', () => {
  it('adds a phone number, texts a code to it, and verifies it with that code', async () => {
    const { context, page } = await visitor(browser, app, token);
    await page.goto('/profile');
    const trust = page.getByRole('region', { name: /Trust level/ });
    await trust.getByText('Add a phone number under Basic Info to verify it with a code by text message.').waitFor();
    await trust.getByText('1 / 6 points').waitFor();

    await page.getByLabel('Phone (optional)').fill(PHONE);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor();

    await trust.getByRole('button', { name: 'Verify phone' }).click();
    await trust.getByText(/We sent a 6-digit code to \+•+321\. It works for 10 minutes\./).waitFor();
    const code = await codeTextedTo(PHONE);

    // A wrong code first: refused, with the tries left.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await trust.getByLabel('Verification code').fill(wrong);
    await trust.getByRole('button', { name: 'Confirm code' }).click();
    await trust.getByRole('alert').getByText('That code is not right. 4 tries left.').waitFor();

    await trust.getByLabel('Verification code').fill(code);
    await trust.getByRole('button', { name: 'Confirm code' }).click();
    await trust.getByTestId('phone-badge').getByText('Phone verified').waitFor();
    await trust.getByText('2 / 6 points').waitFor();
    expect(await trust.getByRole('listitem').filter({ hasText: 'Phone number verified' }).getAttribute('data-met')).toBe('true');
    await screenshot(page, 'profile-phone-verified-desktop');
    await context.close();
  });
});
