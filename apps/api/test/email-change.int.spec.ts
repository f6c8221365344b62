import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { sleep } from './support/smtp-server';
import { inject, insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * Changing the sign-in email (PUT /api/users/me): the current password is
 * needed, the address changes only once the link mailed to the new address is
 * opened, and the old address is told, with a link that undoes the change and
 * ends every session.
 */

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;

const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string, remoteAddress = '127.0.0.1') =>
  inject(app, method, url, { token, body, remoteAddress });

interface MailboxEntry {
  to: string;
  subject: string;
  template: string;
  links: string[];
}

const mailbox = async (): Promise<MailboxEntry[]> => (await request('GET', '/dev/mailbox.json')).json<{ messages: MailboxEntry[] }>().messages;

/** Waits for the worker to deliver a mail of a template to `to`, and returns its link. */
async function mailLink(to: string, template: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mail = (await mailbox()).find((m) => m.to === to && m.template === template);
    const link = mail?.links.find((l) => l.includes('token='));
    if (link) return link;
    await sleep(50);
  }
  throw new Error(`no ${template} mail for ${to}`);
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const signIn = async (email: string, password = 'pass-1234') => request('POST', '/api/auth/login', { email, password });

/** A verified account and a session of it. */
async function member(email: string): Promise<{ id: string; token: string }> {
  const id = await insertUser(runtime.dataSource, { email, password: 'pass-1234', firstName: 'Anne', lastName: 'Bonny', type: 'crew' });
  const login = await signIn(email);
  expect(login.statusCode).toBe(200);
  return { id, token: login.json().access_token };
}

const change = (token: string, email: string, current_password?: string, remoteAddress?: string) =>
  request('PUT', '/api/users/me', { first_name: 'Anne', last_name: 'Bonny', email, ...(current_password !== undefined ? { current_password } : {}) }, token, remoteAddress);

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-email-change-test', PUBLIC_URL: 'http://crew.test' }, worker: true });
  ({ runtime, app } = testApp);
});

afterAll(() => testApp.close());

describe('asking to change the email', () => {
  it('is refused without the current password, or with a wrong one, and nothing changes or is mailed', async () => {
    const { token } = await member('stolen@crew.test');
    const bare = await change(token, 'attacker@evil.test');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED', error: 'Please enter your current password to change your email address.' });
    const wrong = await change(token, 'attacker@evil.test', 'not-the-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', error: 'Your current password is not correct.' });

    const me = (await request('GET', '/api/auth/me', undefined, token)).json();
    expect(me).toMatchObject({ email: 'stolen@crew.test', email_verified: true, pending_email: null });
    await sleep(300);
    expect((await mailbox()).filter((m) => m.to === 'attacker@evil.test' || m.to === 'stolen@crew.test')).toEqual([]);
  });

  it('throttles wrong passwords like sign-in', async () => {
    const { token } = await member('guessed@crew.test');
    for (let i = 0; i < 4; i++) expect((await change(token, 'guess@evil.test', `wrong-${i}`, '203.0.113.60')).statusCode).toBe(403);
    const throttled = await change(token, 'guess@evil.test', 'pass-1234', '203.0.113.60');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('with the password', () => {
  it('keeps the old address until the new one is confirmed, mails the new address a link and the old one a notice with an undo link', async () => {
    const { token } = await member('mover@crew.test');
    const asked = await change(token, 'moved@crew.test', 'pass-1234');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: 'mover@crew.test', email_verified: true, pending_email: 'moved@crew.test' });

    // The old address still signs in; the new one does not yet.
    expect((await signIn('mover@crew.test')).statusCode).toBe(200);
    expect((await signIn('moved@crew.test')).statusCode).toBe(401);

    const confirmLink = await mailLink('moved@crew.test', 'confirm-email-change');
    expect(confirmLink.startsWith('http://crew.test/confirm-email-change?token=')).toBe(true);
    const undoLink = await mailLink('mover@crew.test', 'email-change-notice');
    expect(undoLink.startsWith('http://crew.test/undo-email-change?token=')).toBe(true);
    const notice = (await mailbox()).find((m) => m.template === 'email-change-notice' && m.to === 'mover@crew.test')!;
    expect(notice.subject).toBe('Your Crew Finder email address is being changed');

    const confirmed = await request('POST', '/api/auth/confirm-email-change', { token: tokenOf(confirmLink) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your email address is now moved@crew.test. Use it to sign in from now on.', email: 'moved@crew.test' });
    expect((await request('GET', '/api/auth/me', undefined, token)).json()).toMatchObject({ email: 'moved@crew.test', email_verified: true, pending_email: null });
    expect((await signIn('moved@crew.test')).statusCode).toBe(200);
    expect((await signIn('mover@crew.test')).statusCode).toBe(401);

    const again = await request('POST', '/api/auth/confirm-email-change', { token: tokenOf(confirmLink) });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('undo after the switch: the old address comes back, every session ends, and the owner sets a new password', async () => {
    const { token } = await member('owner@crew.test');
    const attacker = (await signIn('owner@crew.test')).json().access_token as string;
    expect((await change(attacker, 'thief@evil.test', 'pass-1234')).statusCode).toBe(200);
    await request('POST', '/api/auth/confirm-email-change', { token: tokenOf(await mailLink('thief@evil.test', 'confirm-email-change')) });
    expect((await request('GET', '/api/auth/me', undefined, attacker)).json().email).toBe('thief@evil.test');

    const undone = await request('POST', '/api/auth/undo-email-change', { token: tokenOf(await mailLink('owner@crew.test', 'email-change-notice')) });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ email: 'owner@crew.test', reset_token: expect.any(String) });
    // Every session ends: the attacker's and the owner's own.
    expect((await request('GET', '/api/auth/me', undefined, attacker)).statusCode).toBe(401);
    expect((await request('GET', '/api/auth/me', undefined, token)).statusCode).toBe(401);
    expect((await signIn('thief@evil.test')).statusCode).toBe(401);

    const reset = await request('POST', '/api/auth/reset-password', { token: undone.json().reset_token, password: 'fresh-start-9' });
    expect(reset.statusCode).toBe(200);
    const back = await signIn('owner@crew.test', 'fresh-start-9');
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ email: 'owner@crew.test', email_verified: true, pending_email: null });
  });

  it('undo before the switch: the pending change is dropped and its link stops working', async () => {
    const { token } = await member('early@crew.test');
    await change(token, 'early-new@crew.test', 'pass-1234');
    const confirmLink = await mailLink('early-new@crew.test', 'confirm-email-change');
    const undone = await request('POST', '/api/auth/undo-email-change', { token: tokenOf(await mailLink('early@crew.test', 'email-change-notice')) });
    expect(undone.statusCode).toBe(200);
    expect((await request('GET', '/api/auth/me', undefined, token)).statusCode).toBe(401);
    expect((await request('POST', '/api/auth/confirm-email-change', { token: tokenOf(confirmLink) })).statusCode).toBe(400);
    const login = await signIn('early@crew.test');
    expect(login.json().user).toMatchObject({ email: 'early@crew.test', pending_email: null });
  });

  it('answers 409 when another account took the address before the link was opened, and keeps the old one', async () => {
    const { token } = await member('slow@crew.test');
    await change(token, 'popular@crew.test', 'pass-1234');
    const link = await mailLink('popular@crew.test', 'confirm-email-change');
    await member('popular@crew.test');
    const confirmed = await request('POST', '/api/auth/confirm-email-change', { token: tokenOf(link) });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().code).toBe('EMAIL_TAKEN');
    expect((await request('GET', '/api/auth/me', undefined, token)).json()).toMatchObject({ email: 'slow@crew.test', email_verified: true });
  });

  it('cancels a pending change: the confirmation link stops working', async () => {
    const { token } = await member('fickle@crew.test');
    await change(token, 'fickle-new@crew.test', 'pass-1234');
    const link = await mailLink('fickle-new@crew.test', 'confirm-email-change');
    const cancelled = await request('DELETE', '/api/users/me/pending-email', undefined, token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: 'fickle@crew.test', pending_email: null });
    expect((await request('POST', '/api/auth/confirm-email-change', { token: tokenOf(link) })).json().code).toBe('INVALID_TOKEN');
    expect((await request('GET', '/api/auth/me', undefined, token)).json().email).toBe('fickle@crew.test');
  });
});
