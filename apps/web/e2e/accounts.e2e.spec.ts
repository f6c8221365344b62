/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { startApp, type RunningApp } from './support/app-server';
import { launchBrowser, newContext, RESULTS_DIR, screenshot } from './support/browser';

jest.setTimeout(90_000);

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A visitor who has answered the cookie banner. */
async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, app.url);
  await context.addInitScript(() => {
    window.localStorage.setItem('crew.cookie_consent', JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString() }));
  });
  return { context, page: await context.newPage() };
}

/** Form controls and labels of a dialog that stick out of it or are cut off by it (its own scrolling box). */
const outsideDialog = (dialog: Locator): Promise<string[]> =>
  dialog.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    const style = getComputedStyle(box);
    const left = frame.left + parseFloat(style.paddingLeft) - 1;
    const right = frame.right - parseFloat(style.paddingRight) + 1;
    const clipped = Array.from(box.querySelectorAll<HTMLElement>('input, select, textarea, label, legend, button')).filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && (rect.left < left || rect.right > right);
    });
    return [
      ...(box.scrollWidth > box.clientWidth ? ['the dialog scrolls sideways'] : []),
      ...clipped.map((element) => element.textContent?.trim() || element.id || element.tagName),
    ];
  });

/** The whole dialog, not just what fits the window: the viewport is made tall enough for it first. */
async function dialogScreenshot(page: Page, dialog: Locator, width: number, name: string): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  const height = await dialog.evaluate((box) => box.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(800, Math.ceil(height) + 64) });
  await dialog.evaluate((box) => box.scrollTo(0, 0));
  await page.screenshot({ path: `${RESULTS_DIR}/screenshots/${name}.png` });
}

/** The newest link with a token in mail to `to` whose subject matches, from the dev mailbox. */
async function linkFromMailbox(to: string, subject: RegExp): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const response = await fetch(`${app.url}/dev/mailbox.json`);
    const { messages } = (await response.json()) as { messages: { to: string; subject: string; links: string[] }[] };
    const link = messages.find((m) => m.to === to && subject.test(m.subject))?.links.find((l) => l.includes('token='));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

describe('accounts', () => {
  it('registers as crew, verifies from the emailed link and lands on the dashboard', async () => {
    const { context, page } = await visitor();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Please accept the Terms of Service and Privacy Policy to continue');

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('<i>O’Malley</i>');
    await page.getByLabel('Email').fill('grace@crew-e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('sail-away');
    await page.getByText('Crew Member', { exact: false }).first().click();
    await page.getByRole('checkbox').check();
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/email-verification-pending?email=grace%40crew-e2e.test');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const link = await linkFromMailbox('grace@crew-e2e.test', /Verify your email/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    await page.getByRole('heading', { name: 'Find your next voyage' }).waitFor();
    // The name is shown as text, never as markup.
    await page.goto('/profile');
    await page.getByText('Grace <i>O’Malley</i>').waitFor();
    expect(await page.locator('.details i').count()).toBe(0);
    await context.close();
  });

  it('shows the server message for a wrong password, and resets the password from the emailed link', async () => {
    const { context, page } = await visitor();
    await page.goto('/login');
    await page.getByLabel('Email').fill(app.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Invalid email or password');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await page.getByLabel('Email').fill(app.adminEmail);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists with this email, a password reset link has been sent.').waitFor();

    const link = new URL(await linkFromMailbox(app.adminEmail, /Reset your Crew Finder password/));
    await page.goto(link.pathname + link.search);
    const submit = page.getByRole('button', { name: 'Reset password' });
    await page.getByLabel('New password', { exact: true }).fill('new-admin-pass-2');
    await page.getByLabel('Confirm new password').fill('new-admin-pass-3');
    await page.getByText('Passwords do not match').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password').fill('new-admin-pass-2');
    await submit.click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    // The link worked once.
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Invalid or Expired Link' }).waitFor();

    await page.goto('/login');
    await page.getByLabel('Email').fill(app.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill('new-admin-pass-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // An administrator's start page is the admin area: the dashboard has nothing for them. Without
    // two-step sign-in yet, the admin area first asks them to turn it on.
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Turn on two-step sign-in' }).waitFor();
    await context.close();
  });

  it('saves each profile tab and shows it again after a reload', async () => {
    const { context, page } = await visitor();
    await page.goto('/login');
    await page.getByLabel('Email').fill('grace@crew-e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('sail-away');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    const tabs = page.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    await tabs.first().waitFor();
    await expect(tabs.allTextContents()).resolves.toEqual(['Basic Info', 'Experience', 'Safety', 'My Skills', 'Notifications', 'Calendar']);

    await page.getByLabel('Phone (optional)').fill('+44 7700 900456');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor();

    await page.getByRole('tab', { name: 'Experience' }).click();
    await page.getByLabel('Years sailing').fill('81');
    await page.getByRole('button', { name: 'Save Experience' }).click();
    await page.getByText('Years sailing must be between 0 and 80').waitFor();
    await page.getByLabel('Years sailing').fill('6');
    await page.getByLabel('Offshore').check();
    await page.getByLabel('Certifications').fill('RYA Competent Crew');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save Experience' }).click();
    await page.getByText('Sailing experience updated!').waitFor();

    await page.getByRole('tab', { name: 'Safety' }).click();
    await page.getByLabel('Full name').fill('Ann Bonny');
    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await page.getByRole('button', { name: 'Save Emergency Contact' }).click();
    await page.getByText('Emergency contact updated!').waitFor();

    await page.getByRole('tab', { name: 'My Skills' }).click();
    await page.getByLabel('Night watches').check();
    await page.getByRole('button', { name: 'Save Skills' }).click();
    await page.getByRole('tab', { name: 'Basic Info', selected: true }).waitFor();

    // Notifications: a switch is saved as it is turned (here from the keyboard); the open tab is in the address.
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.waitForURL('**/profile?tab=notifications');
    const messages = page.getByRole('switch', { name: 'Messages' });
    await expect(messages.getAttribute('aria-checked')).resolves.toBe('true');
    await messages.focus();
    await page.keyboard.press('Space');
    await page.getByText('Saved: “Messages” emails are off.').waitFor();
    await page.getByText('Password reset').waitFor();
    await page.getByRole('tab', { name: 'Basic Info' }).click();
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '');

    await page.reload();
    await page.getByLabel('Phone (optional)').waitFor();
    await expect(page.getByLabel('Phone (optional)').inputValue()).resolves.toBe('+44 7700 900456');
    await page.getByRole('tab', { name: 'Experience' }).click();
    await expect(page.getByLabel('Years sailing').inputValue()).resolves.toBe('6');
    await expect(page.getByLabel('Offshore').isChecked()).resolves.toBe(true);
    await page.getByText('RYA Competent Crew').waitFor();
    await page.getByRole('tab', { name: 'Safety' }).click();
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Ann Bonny');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByRole('switch', { name: 'Messages' }).getAttribute('aria-checked')).resolves.toBe('false');
    await expect(page.getByRole('switch', { name: 'News from Crew Finder' }).getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByRole('tab', { name: 'My Skills' }).click();
    await expect(page.getByLabel('Night watches').isChecked()).resolves.toBe(true);
    // Email, experience and emergency contact: 3 of 6 trust points.
    await page.getByText('3 / 6 points').waitFor();
    await screenshot(page, 'profile-desktop');

    // Logout goes to the home page, not to the sign-in page of the guarded screen left behind.
    await page.locator('.user-menu__trigger').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('lets a skipper add a boat with a photo and see it listed', async () => {
    const email = 'skipper@crew-e2e.test';
    const register = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Francis', last_name: 'Drake', email, password: 'golden-hind', user_type: 'skipper', acceptTerms: true }),
    });
    expect(register.status).toBe(201);
    const token = new URL(await linkFromMailbox(email, /Verify your email/)).searchParams.get('token') ?? '';
    const session = (await (await fetch(`${app.url}/api/auth/verify-email?token=${encodeURIComponent(token)}`)).json()) as { access_token: string; user: { id: string } };

    const { context, page } = await visitor();
    await context.addInitScript((accessToken) => window.localStorage.setItem('crew.access_token', accessToken), session.access_token);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'My Boats' }).click();
    await page.getByRole('button', { name: 'Add Your First Boat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a boat' });
    await dialog.getByRole('button', { name: 'Add Boat' }).click();
    await dialog.getByText('Boat name is required').waitFor();
    await dialog.getByText('Boat type is required').waitFor();
    // The dialog fits a desktop and a phone, every field whole, its errors included.
    for (const [width, name] of [
      [1280, 'boat-dialog-desktop'],
      [390, 'boat-dialog-mobile'],
    ] as const) {
      await dialogScreenshot(page, dialog, width, name);
      expect({ width, outside: await outsideDialog(dialog) }).toEqual({ width, outside: [] });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // Each error goes as soon as its field is put right, before the next try.
    await dialog.getByLabel('Boat name').fill('Golden Hind');
    await dialog.getByText('Boat name is required').waitFor({ state: 'detached' });
    await dialog.getByLabel('Boat type').selectOption('monohull');
    await dialog.getByText('Boat type is required').waitFor({ state: 'detached' });
    await dialog.getByLabel('Length (ft)').fill('9');
    await dialog.getByText('Length must be at least 10 feet').waitFor();
    await expect(dialog.getByText('EPIRB', { exact: true }).count()).resolves.toBe(1);
    await dialog.getByLabel('Length (ft)').fill('42');
    await dialog.getByText('Length must be at least 10 feet').waitFor({ state: 'detached' });
    await dialog.getByLabel('Berths').fill('6');
    await dialog.getByLabel('Life raft').check();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    await dialog.getByLabel('Photo (JPG, PNG, GIF or WebP, max 5 MB)').setInputFiles({ name: 'hind.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Add Boat' }).click();
    await page.getByText('Boat and photo added successfully!').waitFor();
    await page.getByRole('heading', { name: 'Golden Hind' }).waitFor();
    const image = page.getByRole('img', { name: 'Golden Hind' });
    await image.waitFor();
    // decode() waits for the bytes to arrive and rejects if they are not an image.
    const width = await image.evaluate(async (element) => {
      const img = element as HTMLImageElement;
      await img.decode();
      return img.naturalWidth;
    });
    expect(width).toBe(320);
    await screenshot(page, 'boats-desktop');

    // The public profile shows the member, never their email.
    await page.goto(`/users/${session.user.id}`);
    await page.getByRole('heading', { name: 'Francis Drake' }).waitFor();
    expect(await page.locator('main').innerText()).not.toContain(email);
    await page.goto('/users/00000000-0000-0000-0000-000000000000');
    await page.getByRole('heading', { name: 'Member not found' }).waitFor();
    await context.close();
  });
});
