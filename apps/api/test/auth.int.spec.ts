import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp } from '../src/http-app';
import { loadConfig } from '../src/platform/config/app-config';
import { createRuntime, type Runtime } from '../src/platform/runtime';
import { createTestDatabase, type TestDatabase } from './support/database';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let runtime: Runtime;
let app: NestFastifyApplication;

const request = (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) =>
  app.getHttpAdapter().getInstance().inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });

interface MailboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** Waits for the worker to deliver a mail to `to` whose subject matches, and returns its link. */
async function mailLink(to: string, subject: RegExp, count = 1): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mails = (await request('GET', '/dev/mailbox.json')).json<{ messages: MailboxEntry[] }>().messages.filter((m) => m.to === to && subject.test(m.subject));
    if (mails.length >= count) {
      const link = mails[0]!.links.find((l) => l.includes('token='));
      if (link) return link;
    }
    await sleep(50);
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

const register = (email: string, overrides: Record<string, unknown> = {}) =>
  request('POST', '/api/auth/register', {
    first_name: 'Grace',
    last_name: 'O’Malley',
    email,
    password: 'sail-away',
    user_type: 'crew',
    acceptTerms: true,
    ...overrides,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/crew-auth-test', PUBLIC_URL: 'http://crew.test' });
  runtime = await createRuntime(config, database.url, quiet);
  runtime.startProjectors();
  await runtime.startWorker();
  app = await createHttpApp(runtime, { logger: false });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
});

afterAll(async () => {
  await app.close();
  await runtime.close();
  await database.drop();
});

describe('registration and email verification', () => {
  it('registers, mails a single-use link that verifies and signs in, and only then allows password sign-in', async () => {
    const registered = await register('grace@crew.test');
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ email_verification_required: true });
    expect(registered.json().access_token).toBeUndefined();

    const blocked = await request('POST', '/api/auth/login', { email: 'grace@crew.test', password: 'sail-away' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('EMAIL_NOT_VERIFIED');

    const link = await mailLink('grace@crew.test', /Verify your email/);
    expect(link.startsWith('http://crew.test/verify-email?token=')).toBe(true);
    const verified = await request('GET', `/api/auth/verify-email?token=${encodeURIComponent(tokenOf(link))}`);
    expect(verified.statusCode).toBe(200);
    const session = verified.json();
    expect(session.user).toMatchObject({ email: 'grace@crew.test', email_verified: true, user_type: 'crew' });
    expect((await request('GET', '/api/auth/me', undefined, session.access_token)).statusCode).toBe(200);

    const again = await request('GET', `/auth/verify-email?token=${encodeURIComponent(tokenOf(link))}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Verification failed. The link may be invalid or expired.', code: 'INVALID_TOKEN' });
    expect((await request('POST', '/api/auth/login', { email: 'GRACE@crew.test', password: 'sail-away' })).statusCode).toBe(200);
  });

  it('refuses a second account with the same email in any case', async () => {
    await register('anne@crew.test');
    const duplicate = await register('ANNE@crew.test');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('EMAIL_TAKEN');
  });

  it('validates every field with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ acceptTerms: false }, 'Please accept the Terms of Service and Privacy Policy to continue'],
      [{ password: 'short' }, 'Password must be at least 6 characters'],
      [{ first_name: '  ' }, 'First name is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ user_type: 'admin' }, 'Please choose an account type'],
    ];
    for (const [override, message] of cases) {
      const response = await register('valid@crew.test', override);
      expect(response.statusCode).toBe(400);
      expect(response.json().details.map((d: { message: string }) => d.message)).toContain(message);
    }
  });

  it('stores names as given and returns them as text', async () => {
    await register('html@crew.test', { first_name: '<b>Ned</b>', last_name: 'Lowe 🌊' });
    const rows: { first_name: string; last_name: string }[] = await runtime.dataSource.query(
      `SELECT first_name, last_name FROM users WHERE email = 'html@crew.test'`,
    );
    expect(rows[0]).toEqual({ first_name: '<b>Ned</b>', last_name: 'Lowe 🌊' });
  });

  it('resends a new link on both paths, saying the same for unknown addresses', async () => {
    await register('mary@crew.test');
    const known = await request('POST', '/api/auth/resend-verification', { email: 'mary@crew.test' });
    const unknown = await request('POST', '/auth/resend-verification', { email: 'nobody@crew.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await mailLink('mary@crew.test', /Verify your email/, 2);
  });
});

describe('password reset', () => {
  beforeAll(async () => {
    await register('jack@crew.test', { password: 'old-pass-1' });
    const link = await mailLink('jack@crew.test', /Verify your email/);
    await request('GET', `/api/auth/verify-email?token=${encodeURIComponent(tokenOf(link))}`);
  });

  it('answers the same text whether or not the account exists', async () => {
    const known = await request('POST', '/api/auth/forgot-password', { email: 'jack@crew.test' });
    const unknown = await request('POST', '/api/auth/forgot-password', { email: 'ghost@crew.test' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'If an account exists with this email, a password reset link has been sent.' });
    expect(unknown.json()).toEqual(known.json());
  });

  it('resets with the emailed link once, ends older sessions, and refuses a replay', async () => {
    const oldToken = (await request('POST', '/api/auth/login', { email: 'jack@crew.test', password: 'old-pass-1' })).json().access_token;
    await request('POST', '/api/auth/forgot-password', { email: 'jack@crew.test' });
    const token = tokenOf(await mailLink('jack@crew.test', /Reset your Crew Finder password/));

    expect((await request('POST', '/api/auth/verify-reset-token', { token })).json()).toEqual({ valid: true, email: 'jack@crew.test' });
    const weak = await request('POST', '/api/auth/reset-password', { token, password: 'lettersonly' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].message).toBe('Password must contain numbers');

    const reset = await request('POST', '/api/auth/reset-password', { token, password: 'new-pass-2' });
    expect(reset.statusCode).toBe(200);
    expect((await request('GET', '/api/auth/me', undefined, oldToken)).statusCode).toBe(401);
    expect((await request('POST', '/api/auth/login', { email: 'jack@crew.test', password: 'old-pass-1' })).statusCode).toBe(401);
    expect((await request('POST', '/api/auth/login', { email: 'jack@crew.test', password: 'new-pass-2' })).statusCode).toBe(200);

    const replay = await request('POST', '/api/auth/reset-password', { token, password: 'other-pass-3' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('INVALID_TOKEN');
    expect((await request('POST', '/api/auth/verify-reset-token', { token })).json()).toEqual({ valid: false });
  });

  it('refuses an expired link', async () => {
    await request('POST', '/api/auth/forgot-password', { email: 'jack@crew.test' });
    const token = tokenOf(await mailLink('jack@crew.test', /Reset your Crew Finder password/, 2));
    await runtime.dataSource.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password' AND used_at IS NULL`);
    expect((await request('POST', '/api/auth/verify-reset-token', { token })).json()).toEqual({ valid: false });
    expect((await request('POST', '/api/auth/reset-password', { token, password: 'new-pass-9' })).statusCode).toBe(400);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after 5 failed attempts on one account, even with the right password, until the window passes', async () => {
    await register('limit@crew.test', { password: 'right-pass-1' });
    await runtime.dataSource.query(`UPDATE users SET email_verified = true WHERE email = 'limit@crew.test'`);
    for (let i = 0; i < 5; i++) {
      expect((await request('POST', '/api/auth/login', { email: 'limit@crew.test', password: 'wrong' })).statusCode).toBe(401);
    }
    const limited = await request('POST', '/api/auth/login', { email: 'limit@crew.test', password: 'right-pass-1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.', code: 'TOO_MANY_ATTEMPTS' });
    await runtime.dataSource.query(`UPDATE rate_limit_counters SET window_ends_at = now() WHERE key LIKE 'login:%'`);
    expect((await request('POST', '/api/auth/login', { email: 'limit@crew.test', password: 'right-pass-1' })).statusCode).toBe(200);
  });
});
