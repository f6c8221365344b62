import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { sleep, waitUntil } from './support/smtp-server';
import { inject, insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * Mail bombing: the public routes that mail a link (forgot password, resend
 * verification, sign-in link) send at most a few mails an hour to one account
 * and from one client address, answer the same either way, and re-send the
 * live link rather than minting a new one.
 */

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;

const post = (url: string, body: unknown, remoteAddress = '127.0.0.1') => inject(app, 'POST', url, { body, remoteAddress });

interface MailboxEntry {
  to: string;
  subject: string;
  template: string;
  links: string[];
}

/** Waits until the worker has nothing left to send, then reads the local mailbox. */
async function deliveredMail(): Promise<MailboxEntry[]> {
  await waitUntil(
    'the mail queue is empty',
    async () => {
      const [{ waiting }] = await runtime.dataSource.query<{ waiting: number }[]>(`SELECT count(*)::int AS waiting FROM job_queue WHERE status IN ('pending', 'running')`);
      return waiting === 0;
    },
    60_000,
  );
  await sleep(100);
  const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/dev/mailbox.json' });
  return response.json<{ messages: MailboxEntry[] }>().messages;
}

const mailTo = async (to: string, template: string): Promise<MailboxEntry[]> => (await deliveredMail()).filter((m) => m.to === to && m.template === template);
const tokensIn = (mails: MailboxEntry[]): string[] => mails.map((m) => new URL(m.links.find((l) => l.includes('token='))!).searchParams.get('token')!);

async function account(email: string, verified = true): Promise<string> {
  return insertUser(runtime.dataSource, { email, password: 'pass-1234', firstName: 'Mail', lastName: 'Tester', type: 'crew', verified });
}

beforeAll(async () => {
  testApp = await startTestApp({ env: { DATA_DIR: '/tmp/crew-mail-limits-test', PUBLIC_URL: 'http://crew.test' }, projectors: false, worker: true });
  ({ runtime, app } = testApp);
});

afterAll(() => testApp.close());

describe('mail limits per account', () => {
  it('180 forgot-password requests for one address in a burst: the same answer every time, at most 3 mails, all with the one live link', async () => {
    await account('bombed@crew.test');
    const answers = await Promise.all(Array.from({ length: 180 }, () => post('/api/auth/forgot-password', { email: 'bombed@crew.test' }, '203.0.113.20')));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toEqual({ message: 'If an account exists with this email, a password reset link has been sent.' });

    const mails = await mailTo('bombed@crew.test', 'reset-password');
    process.stdout.write(`[mail limits] 180 forgot-password requests for one address → ${mails.length} reset mails delivered\n`);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(3);
    const tokens = new Set(tokensIn(mails));
    expect(tokens.size).toBe(1);
    const [token] = [...tokens];
    const reset = await post('/api/auth/reset-password', { token, password: 'harbour-light-42' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: 'bombed@crew.test', password: 'harbour-light-42' })).statusCode).toBe(200);
  });

  it('30 resend-verification requests: at most 3 verification mails, all with the one live link, which verifies', async () => {
    await account('unverified@crew.test', false);
    const answers = await Promise.all(Array.from({ length: 30 }, () => post('/api/auth/resend-verification', { email: 'unverified@crew.test' }, '203.0.113.21')));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);

    const mails = await mailTo('unverified@crew.test', 'verify-email');
    process.stdout.write(`[mail limits] 30 resend-verification requests → ${mails.length} verification mails delivered\n`);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(3);
    const tokens = [...new Set(tokensIn(mails))];
    expect(tokens).toHaveLength(1);
    const app_ = app.getHttpAdapter().getInstance();
    const verified = await app_.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(tokens[0]!)}` });
    expect(verified.statusCode).toBe(200);
  });

  it('sign-in links: 20 requests, at most 3 mails carrying one live link', async () => {
    await account('links-burst@crew.test');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/auth/sign-in-link', { email: 'links-burst@crew.test' }, '203.0.113.22')));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    const mails = await mailTo('links-burst@crew.test', 'sign-in-link');
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(3);
    expect(new Set(tokensIn(mails)).size).toBe(1);
  });
});

describe('mail limits per client address', () => {
  it('one client asking for many accounts gets at most 20 mails an hour, with the same answer; another client is not held back', async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `spread-${i}@crew.test`);
    for (const email of emails) await account(email);
    const answers = [];
    for (const email of emails) answers.push(await post('/api/auth/forgot-password', { email }, '198.51.100.40'));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    const delivered = (await deliveredMail()).filter((m) => m.template === 'reset-password' && m.to.startsWith('spread-'));
    process.stdout.write(`[mail limits] one client, 30 accounts → ${delivered.length} reset mails delivered\n`);
    expect(delivered.length).toBe(20);

    // The owners of the accounts it could not reach still get their mail from their own address.
    const spared = emails.find((email) => !delivered.some((m) => m.to === email))!;
    expect((await post('/api/auth/forgot-password', { email: spared }, '198.51.100.41')).statusCode).toBe(200);
    expect(await mailTo(spared, 'reset-password')).toHaveLength(1);
  });
});
