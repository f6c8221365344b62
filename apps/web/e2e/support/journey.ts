/// <reference lib="dom" />
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
