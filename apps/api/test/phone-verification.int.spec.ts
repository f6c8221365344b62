import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PHONE_VERIFICATION } from '@crew/rules';
import { ManualClock } from '../src/platform/clock';
import { call, inject, insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * Phone verification: a 6-digit code by text message to the profile's phone
 * number, confirmed within 10 minutes and 5 tries. Without an SMS provider
 * (test mode) the message goes to the local mailbox; with one, it is posted to
 * the provider's Messages API (a local stand-in here: the one paid API mocked);
 * in production with neither, the site says phone verification is not available.
 */

const clock = new ManualClock(new Date('2026-06-01T09:00:00Z'));
let testApp: TestApp;
const PASSWORD = 'pass-1234';

interface MailboxEntry {
  channel: 'email' | 'sms';
  to: string;
  text: string;
  template: string;
}

const login = async (app: TestApp, email: string): Promise<string> =>
  (await call<{ access_token: string }>(app.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } })).body.access_token;

const member = async (app: TestApp, email: string, phone: string | null = null): Promise<{ id: string; token: string }> => {
  const id = await insertUser(app.runtime.dataSource, { email, password: PASSWORD, firstName: 'Pat', lastName: 'Phone', columns: phone ? { phone_number: phone } : {} });
  return { id, token: await login(app, email) };
};

const texts = async (app: TestApp): Promise<MailboxEntry[]> =>
  (await call<{ messages: MailboxEntry[] }>(app.app, 'GET', '/dev/mailbox.json')).body.messages.filter((m) => m.channel === 'sms');
const lastCodeTo = async (app: TestApp, phone: string): Promise<string> => {
  const message = (await texts(app)).find((m) => m.to === phone);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
};
const later = (seconds: number) => clock.advance(seconds * 1000);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-phone-', projectors: false, runtimeOptions: { clock } });
});
afterAll(() => testApp.close());

describe('phone verification with the local mailbox (no SMS provider, not production)', () => {
  it('refuses a member without a phone number with 400 PHONE_NUMBER_MISSING, and says the check is offered', async () => {
    const { token } = await member(testApp, 'no-phone@crew.test');
    const sent = await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ code: 'PHONE_NUMBER_MISSING', error: 'Add a phone number to your profile first, then ask for a code' });
    const status = await call<{ phone_verification: unknown; max_points: number; verifications: { phone_verified: boolean } }>(
      testApp.app,
      'GET',
      '/api/profile/verification-status',
      { token },
    );
    expect(status.body.phone_verification).toEqual({ available: true, has_phone_number: false });
    expect(status.body.verifications.phone_verified).toBe(false);
    expect(status.body.max_points).toBe(6);
  });

  it('texts a code to the mailbox as an SMS, keeps only its hash, and verifies the phone with it: a trust point', async () => {
    const { id, token } = await member(testApp, 'verify@crew.test');
    await call(testApp.app, 'PUT', '/api/users/me', { token, body: { first_name: 'Pat', last_name: 'Phone', email: 'verify@crew.test', phone_number: '+44 7700 900456' } });
    const before = await call<{ verification_points: number }>(testApp.app, 'GET', '/api/profile/verification-status', { token });

    const sent = await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sent_to: '+••••••••456', resend_after_seconds: 60 });
    expect(sent.body['expires_at']).toBe(new Date(clock.now().getTime() + 10 * 60_000).toISOString());
    expect(JSON.stringify(sent.body)).not.toMatch(/\d{6}/);

    const [sms] = await texts(testApp);
    expect(sms).toMatchObject({ channel: 'sms', to: '+44 7700 900456', template: 'phone verification' });
    const code = await lastCodeTo(testApp, '+44 7700 900456');
    // The code is nowhere but in the message: not stored, not in a job, not in a mail.
    const stored = await testApp.runtime.dataSource.query<{ code_hash: string }[]>('SELECT code_hash FROM phone_verifications WHERE user_id = $1', [id]);
    expect(stored[0]!.code_hash).not.toContain(code);
    const jobs = await testApp.runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM job_queue WHERE data::text LIKE '%' || $1 || '%'`, [code]);
    expect(jobs[0]!.n).toBe(0);
    const mails = await testApp.runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM email_messages WHERE text_body LIKE '%' || $1 || '%'`, [code]);
    expect(mails[0]!.n).toBe(0);

    const confirmed = await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code } });
    expect(confirmed).toEqual({ status: 200, body: { phone_verified: true, message: 'Your phone number is verified' } });
    const me = await call<{ user?: { phone_verified: boolean }; phone_verified?: boolean }>(testApp.app, 'GET', '/api/auth/me', { token });
    expect(me.body.user?.phone_verified ?? me.body.phone_verified).toBe(true);
    const after = await call<{ verification_points: number; checks: { key: string; done: boolean }[] }>(testApp.app, 'GET', '/api/profile/verification-status', { token });
    expect(after.body.verification_points).toBe(before.body.verification_points + 1);
    expect(after.body.checks.find((c) => c.key === 'phone_verified')).toEqual({ key: 'phone_verified', label: 'Phone number verified', done: true });
    // Once verified, there is nothing to send or confirm.
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification', { token })).body).toMatchObject({ code: 'PHONE_ALREADY_VERIFIED' });
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code } })).status).toBe(409);

    // The same number written differently is no change; another number is no longer verified.
    await call(testApp.app, 'PUT', '/api/users/me', { token, body: { first_name: 'Pat', last_name: 'Phone', email: 'verify@crew.test', phone_number: '+447700900456' } });
    expect((await call<{ phone_verified: boolean }>(testApp.app, 'GET', '/api/auth/me', { token })).body).toMatchObject({ phone_verified: true });
    await call(testApp.app, 'PUT', '/api/users/me', { token, body: { first_name: 'Pat', last_name: 'Phone', email: 'verify@crew.test', phone_number: '+44 7700 900999' } });
    const changed = await call<{ verifications: { phone_verified: boolean }; verification_points: number }>(testApp.app, 'GET', '/api/profile/verification-status', { token });
    expect(changed.body.verifications.phone_verified).toBe(false);
    expect(changed.body.verification_points).toBe(before.body.verification_points);
  });

  it('asks for a pause between codes and allows 5 codes an hour (429 with Retry-After)', async () => {
    const { token } = await member(testApp, 'throttle@crew.test', '+44 7700 900111');
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification', { token })).status).toBe(200);
    later(20);
    const soon = await inject(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'PHONE_CODE_THROTTLED', error: 'Please wait 40 seconds before asking for another code', retry_after_seconds: 40 });
    expect(soon.headers['retry-after']).toBe('40');
    for (let sent = 1; sent < PHONE_VERIFICATION.maxSendsPerHour; sent++) {
      later(61);
      expect((await call(testApp.app, 'POST', '/api/profile/phone/verification', { token })).status).toBe(200);
    }
    later(61);
    const sixth = await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    expect(sixth.status).toBe(429);
    expect(sixth.body['code']).toBe('PHONE_CODE_THROTTLED');
    later(60 * 60);
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification', { token })).status).toBe(200);
  });

  it('allows 5 tries: wrong codes count down, the fifth ends the code, and only the latest code works', async () => {
    const phone = '+44 7700 900222';
    const { token } = await member(testApp, 'tries@crew.test', phone);
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: '123456' } })).body).toMatchObject({
      code: 'PHONE_CODE_NOT_REQUESTED',
    });
    await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    const first = await lastCodeTo(testApp, phone);
    later(61);
    await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    const code = await lastCodeTo(testApp, phone);
    if (first !== code) {
      // The first code no longer works once another was sent.
      expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: first } })).body).toMatchObject({
        code: 'PHONE_CODE_INVALID',
        tries_left: 4,
      });
    } else {
      await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: wrongOf(code) } });
    }
    for (let left = 3; left >= 1; left--) {
      const wrong = await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: wrongOf(code) } });
      expect({ status: wrong.status, body: wrong.body }).toMatchObject({ status: 422, body: { code: 'PHONE_CODE_INVALID', tries_left: left } });
    }
    const fifth = await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: wrongOf(code) } });
    expect(fifth).toMatchObject({ status: 429, body: { code: 'PHONE_CODE_TOO_MANY_TRIES', error: 'Too many wrong codes. Ask for a new one.' } });
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code } })).status).toBe(429);
    // A new code starts the tries again.
    later(61);
    await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: await lastCodeTo(testApp, phone) } })).status).toBe(200);
  });

  it('lets a code expire after 10 minutes (410), refuses a code sent to a number the profile no longer has, and a malformed code (400)', async () => {
    const phone = '+44 7700 900333';
    const { token } = await member(testApp, 'expiry@crew.test', phone);
    await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    const code = await lastCodeTo(testApp, phone);
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: '12a456' } })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'code: Enter the 6-digit code from the text message',
    });
    later(10 * 60 + 1);
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code } })).body).toMatchObject({
      code: 'PHONE_CODE_EXPIRED',
      error: 'This code has expired. Ask for a new one.',
    });
    await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    const fresh = await lastCodeTo(testApp, phone);
    await call(testApp.app, 'PUT', '/api/users/me', { token, body: { first_name: 'Pat', last_name: 'Phone', email: 'expiry@crew.test', phone_number: '+44 7700 900444' } });
    expect((await call(testApp.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code: fresh } })).body).toMatchObject({ code: 'PHONE_CODE_NOT_REQUESTED' });
  });

  it('erases the texts kept for a member with their account', async () => {
    const phone = '+44 7700 900555';
    const { id, token } = await member(testApp, 'erased@crew.test', phone);
    await call(testApp.app, 'POST', '/api/profile/phone/verification', { token });
    expect((await texts(testApp)).some((m) => m.to === phone)).toBe(true);
    await testApp.runtime.dataSource.query('DELETE FROM users WHERE id = $1', [id]);
    expect((await texts(testApp)).some((m) => m.to === phone)).toBe(false);
  });
});

describe('phone verification through a Twilio-compatible provider', () => {
  let provider: Server;
  let app: TestApp;
  const calls: { path: string; form: URLSearchParams; authorization: string | undefined }[] = [];
  let failNext = false;

  beforeAll(async () => {
    provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        calls.push({ path: request.url ?? '', form: new URLSearchParams(body), authorization: request.headers.authorization });
        response.writeHead(failNext ? 400 : 201, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(failNext ? { code: 21211, message: `The 'To' number ${new URLSearchParams(body).get('To')} is not valid.` } : { sid: 'SM123', status: 'queued' }),
        );
        failNext = false;
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const warnings: string[] = [];
    app = await startTestApp({
      dataDirPrefix: 'crew-phone-twilio-',
      projectors: false,
      logger: { info: () => undefined, warn: (m) => void warnings.push(m), error: (m) => void warnings.push(m) },
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789',
        TWILIO_AUTH_TOKEN: 'twilio-secret',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
      },
    });
    logged = warnings;
  });
  let logged: string[] = [];
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => provider.close(resolve));
  });

  it('posts the message form-encoded to the Messages API with basic authentication, and nothing to the local mailbox', async () => {
    const { token } = await member(app, 'twilio@crew.test', '+44 7700 900666');
    const sent = await call(app.app, 'POST', '/api/profile/phone/verification', { token });
    expect(sent.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(calls[0]!.authorization).toBe(`Basic ${Buffer.from('AC0123456789:twilio-secret').toString('base64')}`);
    expect(calls[0]!.form.get('To')).toBe('+44 7700 900666');
    expect(calls[0]!.form.get('From')).toBe('+15005550006');
    const code = /\b(\d{6})\b/.exec(calls[0]!.form.get('Body') ?? '')![1]!;
    expect((await texts(app)).length).toBe(0);
    expect((await call(app.app, 'POST', '/api/profile/phone/verification/confirm', { token, body: { code } })).status).toBe(200);
  });

  it('answers 503 SMS_NOT_SENT when the provider refuses the message, saving nothing and logging neither number nor code', async () => {
    const { id, token } = await member(app, 'refused@crew.test', '+44 7700 900777');
    failNext = true;
    const refused = await call(app.app, 'POST', '/api/profile/phone/verification', { token });
    expect(refused).toMatchObject({ status: 503, body: { code: 'SMS_NOT_SENT', error: 'We could not send the text message. Please try again later.' } });
    expect(await app.runtime.dataSource.query('SELECT 1 FROM phone_verifications WHERE user_id = $1', [id])).toHaveLength(0);
    expect(logged.join('\n')).toContain('SMS provider answered 400 (code 21211)');
    expect(logged.join('\n')).not.toMatch(/900777|\d{6}\b/);
    // Nothing was counted: the member may ask again at once.
    expect((await call(app.app, 'POST', '/api/profile/phone/verification', { token })).status).toBe(200);
  });
});

describe('phone verification where the site sends no text messages (production without a provider)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ dataDirPrefix: 'crew-phone-none-', projectors: false, env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) } });
  });
  afterAll(() => app.close());

  it('says phone verification is not available, instead of offering it', async () => {
    const { token } = await member(app, 'nosms@crew.test', '+44 7700 900888');
    const status = await call<{ phone_verification: unknown }>(app.app, 'GET', '/api/profile/verification-status', { token });
    expect(status.body.phone_verification).toEqual({ available: false, has_phone_number: true });
    const sent = await call(app.app, 'POST', '/api/profile/phone/verification', { token });
    expect(sent).toMatchObject({ status: 503, body: { code: 'PHONE_VERIFICATION_UNAVAILABLE', error: 'Phone verification is not available on this site' } });
    // And there is no local mailbox in production.
    expect((await inject(app.app, 'GET', '/dev/mailbox.json')).statusCode).toBe(404);
  });
});
