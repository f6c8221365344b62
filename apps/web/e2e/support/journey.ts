/// <reference lib="dom" />
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningApp } from './app-server';
import { DESKTOP, newContext } from './browser';

export interface MailboxMessage {
  readonly to: string;
  readonly subject: string;
  readonly links: string[];
}

/** Everything the app's dev mailbox holds (mail is kept there when no SMTP server is configured). */
export async function mailbox(app: RunningApp): Promise<MailboxMessage[]> {
  const response = await fetch(`${app.url}/dev/mailbox.json`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** Waits (up to 15 s) until mail to `to` whose subject matches has arrived, and returns it. */
export async function waitForMail(app: RunningApp, to: string, subject: RegExp): Promise<MailboxMessage> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const found = (await mailbox(app)).find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

/** The newest link with a token in mail to `to` whose subject matches. */
export async function linkFromMailbox(app: RunningApp, to: string, subject: RegExp): Promise<string> {
  const mail = await waitForMail(app, to, subject);
  const link = mail.links.find((l) => l.includes('token='));
  if (!link) throw new Error(`mail "${subject}" for ${to} has no token link`);
  return link;
}

/** A JSON call to the API; throws on an unexpected status so a journey fails where the set-up did. */
export async function apiCall<T>(app: RunningApp, token: string | null, method: string, path: string, body: unknown, expected: number): Promise<T> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface NewUser {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly password: string;
  readonly user_type: 'crew' | 'skipper' | 'both';
}

/** Registers through the API, verifies from the emailed link, and returns the session token. */
export async function registerVerified(app: RunningApp, user: NewUser): Promise<string> {
  await apiCall(app, null, 'POST', '/api/auth/register', { ...user, acceptTerms: true }, 201);
  const verifyToken = new URL(await linkFromMailbox(app, user.email, /Verify your email/)).searchParams.get('token') ?? '';
  const session = await apiCall<{ access_token: string }>(app, null, 'GET', `/api/auth/verify-email?token=${encodeURIComponent(verifyToken)}`, undefined, 200);
  return session.access_token;
}

/**
 * A browser context that answered the cookie banner, signed in with `accessToken`
 * when given. Requests leaving the app (map tiles) fail at once, so maps show
 * their offline world the same way with or without a network.
 */
export async function visitor(
  browser: Browser,
  app: RunningApp,
  accessToken: string | null,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, app.url, viewport);
  await context.addInitScript((session) => {
    window.localStorage.setItem('crew.cookie_consent', JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString() }));
    if (session) window.localStorage.setItem('crew.access_token', session);
  }, accessToken);
  const origin = new URL(app.url).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return { context, page: await context.newPage() };
}

/*
 * Two-step sign-in of the app's first administrator. Every administrator needs
 * it before the administrator routes answer, so journeys that act as the
 * administrator turn it on once (through the API, as the set-up screen does)
 * and then pass the code step with codes made here with otplib. A code is
 * accepted once: when the current 30-second step was used already, the next
 * step's code (which the server still accepts) or else a recovery code is given.
 */
interface AdminSecondFactor {
  readonly secret: string;
  readonly recoveryCodes: string[];
  lastStep: number;
}
const adminSecondFactors = new WeakMap<RunningApp, AdminSecondFactor>();

/** A code for the administrator's next sign-in step: never one the server has accepted before. */
export async function adminTwoFactorCode(app: RunningApp): Promise<string> {
  const factor = adminSecondFactors.get(app);
  if (!factor) throw new Error('two-step sign-in is not on for the administrator yet: call adminSession first');
  const step = Math.floor(Date.now() / 30_000);
  for (const candidate of [step, step + 1]) {
    if (candidate > factor.lastStep) {
      factor.lastStep = candidate;
      return generate({ secret: factor.secret, epoch: candidate * 30 });
    }
  }
  const recovery = factor.recoveryCodes.shift();
  if (!recovery) throw new Error('no recovery code left for the administrator');
  return recovery;
}

/** Remembers a secret the administrator turned on through the set-up screen (a journey that drove it itself). */
export function rememberAdminSecondFactor(app: RunningApp, secret: string, recoveryCodes: readonly string[], usedAt: Date = new Date()): void {
  adminSecondFactors.set(app, { secret, recoveryCodes: [...recoveryCodes], lastStep: Math.floor(usedAt.getTime() / 30_000) });
}

/**
 * Signs the app's first administrator in through the API and returns the session:
 * the first time, two-step sign-in is set up and turned on (the session that turned
 * it on reaches the administrator routes); after that the code step is passed.
 */
export async function adminSession(app: RunningApp): Promise<{ access_token: string; user: { id: string } }> {
  type Session = { access_token: string; user: { id: string; two_factor_enabled?: boolean } };
  const login = await apiCall<Session | { two_factor_required: true; challenge: string }>(
    app,
    null,
    'POST',
    '/api/auth/login',
    { email: app.adminEmail, password: app.adminPassword },
    200,
  );
  if ('challenge' in login) {
    return apiCall<Session>(app, null, 'POST', '/api/auth/2fa/verify', { challenge: login.challenge, code: await adminTwoFactorCode(app) }, 200);
  }
  if (!login.user.two_factor_enabled) {
    const setup = await apiCall<{ secret: string }>(app, login.access_token, 'POST', '/api/auth/2fa/setup', {}, 200);
    const now = new Date();
    const enabled = await apiCall<{ recovery_codes: string[] }>(
      app,
      login.access_token,
      'POST',
      '/api/auth/2fa/enable',
      { code: await generate({ secret: setup.secret, epoch: Math.floor(now.getTime() / 1000) }) },
      200,
    );
    rememberAdminSecondFactor(app, setup.secret, enabled.recovery_codes, now);
  }
  return login;
}

/** On the sign-in page after the administrator's password: gives the code step its code. */
export async function passAdminCodeStep(app: RunningApp, page: Page): Promise<void> {
  await page.getByLabel('Authentication code').fill(await adminTwoFactorCode(app));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}
