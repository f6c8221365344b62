import { TWO_FACTOR } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { TwoFactor } from '../src/modules/accounts/two-factor/two-factor';
import { issueToken } from '../src/modules/accounts/auth-tokens';
import { ManualClock } from '../src/platform/clock';
import { call, inject, insertUser, startTestApp, TEST_TWO_FACTOR_SECRET, twoFactorCode, type TestApp } from './support/harness';

/**
 * Two-step sign-in (TOTP) end to end over HTTP: an administrator without it
 * signs in, is kept out of the administrator routes, sets it up and turns it
 * on; later sign-ins answer a challenge that a current code (once) or a
 * recovery code (once) turns into a session; challenges expire and work once;
 * wrong codes are throttled like wrong passwords.
 */

const clock = new ManualClock(new Date('2031-03-01T10:00:00Z'));
let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const PASSWORD = 'Two-steps-2031';

const post = <T = Record<string, unknown>>(url: string, body?: unknown, token?: string, remoteAddress?: string) =>
  inject(app, 'POST', url, { body, token, ...(remoteAddress ? { remoteAddress } : {}) }).then((response) => ({
    status: response.statusCode,
    body: response.json<T>(),
    headers: response.headers,
  }));
const signIn = (email: string, remoteAddress?: string) =>
  post<{ two_factor_required?: true; challenge: string; access_token?: string; user?: { two_factor_enabled?: boolean } }>(
    '/api/auth/login',
    { email, password: PASSWORD },
    undefined,
    remoteAddress,
  );
const verify = (challenge: string, code: string, remoteAddress?: string) =>
  post<{ access_token?: string; code?: string }>('/api/auth/2fa/verify', { challenge, code }, undefined, remoteAddress);
/** The code of the test secret at the clock's time. */
const codeNow = (secret = TEST_TWO_FACTOR_SECRET) => twoFactorCode(secret, clock.now());

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-two-factor-', runtimeOptions: { clock } });
  ({ runtime, app } = testApp);
});

afterAll(() => testApp.close());

describe('an administrator without two-step sign-in', () => {
  let token: string;
  let secret: string;
  let recoveryCodes: string[];

  it('signs in with the password only, is told to set it up and is kept out of the administrator routes', async () => {
    await insertUser(runtime.dataSource, { email: 'first-admin@2fa.test', password: PASSWORD, type: 'admin', twoFactor: false });
    const login = await signIn('first-admin@2fa.test');
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ two_factor_enabled: false });
    token = login.body.access_token!;
    const refused = await call(app, 'GET', '/api/admin/config', { token });
    expect([refused.status, refused.body.code]).toEqual([403, 'TWO_FACTOR_SETUP_REQUIRED']);
    expect(refused.body.error).toMatch(/two-step sign-in/);
  });

  it('sets it up: a base32 secret and its otpauth URL, nothing in force yet', async () => {
    const setup = await post<{ secret: string; otpauth_url: string }>('/api/auth/2fa/setup', undefined, token);
    expect(setup.status).toBe(200);
    secret = setup.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Crew%20Finder:first-admin%402fa\.test\?/);
    expect(setup.body.otpauth_url).toContain(`secret=${secret}`);
    // Stored sealed, never as it was handed out.
    const [row] = await runtime.dataSource.query<{ two_factor_pending_secret: string; two_factor_enabled_at: Date | null }[]>(
      `SELECT two_factor_pending_secret, two_factor_enabled_at FROM users WHERE email = 'first-admin@2fa.test'`,
    );
    expect(row!.two_factor_enabled_at).toBeNull();
    expect(row!.two_factor_pending_secret).not.toContain(secret);
    expect((await call(app, 'GET', '/api/admin/config', { token })).status).toBe(403);
  });

  it('refuses a wrong code, then turns it on with a current one and hands out the recovery codes once', async () => {
    const wrong = await post('/api/auth/2fa/enable', { code: (Number(await codeNow(secret)) ^ 1).toString().padStart(6, '0') }, token);
    expect([wrong.status, wrong.body.code]).toEqual([422, 'INVALID_TWO_FACTOR_CODE']);
    const enabled = await post<{ recovery_codes: string[] }>('/api/auth/2fa/enable', { code: await codeNow(secret) }, token);
    expect(enabled.status).toBe(200);
    recoveryCodes = enabled.body.recovery_codes;
    expect(recoveryCodes).toHaveLength(TWO_FACTOR.recoveryCodes);
    expect(new Set(recoveryCodes).size).toBe(TWO_FACTOR.recoveryCodes);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Only hashes are kept; the secret is sealed and never answered again.
    const stored = await runtime.dataSource.query<{ code_hash: string }[]>('SELECT code_hash FROM two_factor_recovery_codes');
    expect(stored.map((row) => row.code_hash)).not.toEqual(expect.arrayContaining([recoveryCodes[0]]));
    const [row] = await runtime.dataSource.query<{ two_factor_secret: string }[]>(`SELECT two_factor_secret FROM users WHERE email = 'first-admin@2fa.test'`);
    expect(row!.two_factor_secret).not.toContain(secret);
    const me = await call(app, 'GET', '/api/auth/me', { token });
    expect(me.body).toMatchObject({ two_factor_enabled: true });
    expect(JSON.stringify(me.body)).not.toContain(secret);
    // The session that set it up now reaches the administrator routes.
    expect((await call(app, 'GET', '/api/admin/config', { token })).status).toBe(200);
    const again = await post('/api/auth/2fa/setup', undefined, token);
    expect([again.status, again.body.code]).toEqual([409, 'TWO_FACTOR_ALREADY_ENABLED']);
    const enableAgain = await post('/api/auth/2fa/enable', { code: await codeNow(secret) }, token);
    expect([enableAgain.status, enableAgain.body.code]).toEqual([409, 'TWO_FACTOR_ALREADY_ENABLED']);
  });

  it('then signs in with a challenge and a code: a wrong code is refused, a right one gives the session, once', async () => {
    clock.advance(30_000);
    const login = await signIn('first-admin@2fa.test');
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ two_factor_required: true, challenge: expect.any(String), expires_at: new Date(clock.now().getTime() + 5 * 60_000).toISOString() });
    expect(login.body.access_token).toBeUndefined();

    const wrong = await verify(login.body.challenge, '000000');
    expect([wrong.status, wrong.body.code]).toEqual([401, 'INVALID_TWO_FACTOR_CODE']);
    const code = await codeNow(secret);
    const session = await verify(login.body.challenge, code);
    expect(session.status).toBe(200);
    expect((await call(app, 'GET', '/api/admin/config', { token: session.body.access_token })).status).toBe(200);

    // The challenge works once.
    const reused = await verify(login.body.challenge, await codeNow(secret));
    expect([reused.status, reused.body.code]).toEqual([401, 'TWO_FACTOR_CHALLENGE_EXPIRED']);
    // The same code is not accepted twice, even on a new challenge.
    const replay = await verify((await signIn('first-admin@2fa.test')).body.challenge, code);
    expect([replay.status, replay.body.code]).toEqual([401, 'INVALID_TWO_FACTOR_CODE']);
    // The next step's code is.
    clock.advance(30_000);
    const next = await verify((await signIn('first-admin@2fa.test')).body.challenge, await codeNow(secret));
    expect(next.status).toBe(200);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const typed = recoveryCodes[3]!.toLowerCase().replace('-', ' ');
    const first = await verify((await signIn('first-admin@2fa.test')).body.challenge, typed);
    expect(first.status).toBe(200);
    const second = await verify((await signIn('first-admin@2fa.test')).body.challenge, recoveryCodes[3]!);
    expect([second.status, second.body.code]).toEqual([401, 'INVALID_TWO_FACTOR_CODE']);
    const userId = (await runtime.dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE email = 'first-admin@2fa.test'`))[0]!.id;
    expect(await runtime.get(TwoFactor).recoveryCodesLeft(userId)).toBe(TWO_FACTOR.recoveryCodes - 1);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const login = await signIn('first-admin@2fa.test');
    clock.advance(5 * 60_000 + 1_000);
    const late = await verify(login.body.challenge, await codeNow(secret));
    expect([late.status, late.body.code]).toEqual([401, 'TWO_FACTOR_CHALLENGE_EXPIRED']);
    const unknown = await verify('not-a-challenge', await codeNow(secret));
    expect([unknown.status, unknown.body.code]).toEqual([401, 'TWO_FACTOR_CHALLENGE_EXPIRED']);
  });
});

describe('throttling and other ways in', () => {
  it('throttles wrong codes like wrong passwords (429 with Retry-After)', async () => {
    await insertUser(runtime.dataSource, { email: 'guessed@2fa.test', password: PASSWORD, type: 'admin' });
    const address = '198.51.100.7';
    const { challenge } = (await signIn('guessed@2fa.test', address)).body;
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await verify(challenge, '000000', address);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body.code).toBe('TOO_MANY_ATTEMPTS');
        retryAfter = String(answer.headers['retry-after']);
        break;
      }
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Even the right code waits.
    const held = await verify(challenge, await codeNow(), address);
    expect(held.status).toBe(429);
  });

  it('asks a sign-in link of an account with two-step sign-in for its code too', async () => {
    const id = await insertUser(runtime.dataSource, { email: 'linked@2fa.test', password: PASSWORD, type: 'crew', twoFactor: true });
    const { token } = await issueToken(runtime.dataSource.manager, id, 'sign_in_link', clock.now());
    const consumed = await post<{ two_factor_required?: true; challenge: string; access_token?: string }>('/api/auth/sign-in-link/consume', { token });
    expect(consumed.status).toBe(200);
    expect(consumed.body).toMatchObject({ two_factor_required: true });
    expect(consumed.body.access_token).toBeUndefined();
    clock.advance(30_000);
    expect((await verify(consumed.body.challenge, await codeNow())).status).toBe(200);
  });

  it('offers other contexts one check of the second factor (TwoFactor.verifyCode)', async () => {
    const twoFactor = runtime.get(TwoFactor);
    const withIt = await insertUser(runtime.dataSource, { email: 'checked@2fa.test', type: 'crew', twoFactor: true });
    const without = await insertUser(runtime.dataSource, { email: 'plain@2fa.test', type: 'crew' });
    expect(await twoFactor.isEnabled(withIt)).toBe(true);
    expect(await twoFactor.isEnabled(without)).toBe(false);
    clock.advance(30_000);
    const code = await codeNow();
    expect(await twoFactor.verifyCode(without, code)).toBe(false);
    expect(await twoFactor.verifyCode(withIt, 'abc')).toBe(false);
    expect(await twoFactor.verifyCode(withIt, code)).toBe(true);
    expect(await twoFactor.verifyCode(withIt, code)).toBe(false);
  });

  it('asks for the second factor when a member with it on deletes their own account', async () => {
    const id = await insertUser(runtime.dataSource, { email: 'leaving@2fa.test', password: PASSWORD, type: 'crew', twoFactor: true });
    const token = runtime.tokens.sign(id, 0);
    const remove = (body: Record<string, string>) =>
      inject(app, 'DELETE', '/api/users/me', { token, body }).then((response) => ({ status: response.statusCode, code: response.json<{ code?: string }>().code }));
    expect(await remove({ password: PASSWORD })).toEqual({ status: 403, code: 'SECOND_FACTOR_REQUIRED' });
    expect(await remove({ password: PASSWORD, code: '000000' })).toEqual({ status: 403, code: 'WRONG_SECOND_FACTOR' });
    clock.advance(30_000);
    expect((await remove({ password: PASSWORD, code: await codeNow() })).status).toBe(200);
    expect(await runtime.dataSource.query('SELECT id FROM users WHERE id = $1', [id])).toHaveLength(0);
  });

  it('refuses malformed codes at the door', async () => {
    for (const code of ['', 'x'.repeat(40), '12 34;56', 123456]) {
      const answer = await verify('challenge', code as string);
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });
});
