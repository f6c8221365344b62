import { CampaignDispatcher } from '../src/modules/communications/campaigns';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Communication, RecentCommunications, SendCampaignResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SMTPServer } from 'smtp-server';
import { BullJobQueue } from '../src/platform/jobs/bullmq-job-queue';
import { SEND_EMAIL_JOB } from '../src/platform/mail/send-email.job';
import type { Application } from '../src/application';
import type { TestDatabase } from './support/database';
import { waitUntil } from './support/smtp-server';
import { dropRedisKeys } from './support/redis-keys';
import { readTestEnvironment } from './support/test-env';
import { addUser, callAs, insertUsers, startTestApp, type TestApp } from './support/harness';

/**
 * A campaign over real Redis (BullMQ) and a real SMTP server: a worker process
 * is killed while it has mails in flight, another worker takes over, and every
 * recipient gets the campaign exactly once; those who unsubscribed (before the
 * campaign, or after it was queued) get nothing; every mail carries a working
 * unsubscribe link and its own tracking image.
 */

const testEnv = readTestEnvironment();
const REPO_ROOT = path.resolve(__dirname, '../../..');
const WORKER = path.join(__dirname, 'fixtures/campaign-worker.ts');
/** Compiles the worker's TypeScript as jest does (the mail's message macros included). */
const SWC_REGISTER = path.join(__dirname, 'support/swc-register.cjs');
const CREW = 240;

interface Received {
  readonly to: string;
  readonly raw: string;
}

/** An SMTP sink that accepts mail until told to hang: then it reads each message and never answers. */
const startSink = async () => {
  const state = { hang: false, hangingSessions: 0 };
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 500,
    onData(stream, session, callback) {
      stream.on('error', () => undefined);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.hang) {
          state.hangingSessions++;
          return;
        }
        messages.push({ to: session.envelope.rcptTo[0]!.address, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const suite = testEnv.redisUrl === null ? describe.skip : describe;

suite(`campaign with a killed worker (BullMQ, real SMTP)${testEnv.redisUrl === null ? ` (skipped: ${testEnv.redisSkipReason ?? 'no Redis'})` : ''}`, () => {
  const prefix = `crew-test-${randomUUID()}`;
  let database: TestDatabase;
  let testApp: TestApp | undefined;
  let runtime: Application;
  let app: NestFastifyApplication;
  let sink: Awaited<ReturnType<typeof startSink>>;
  let child: ChildProcess | null = null;
  let takeover: BullJobQueue | null = null;
  let adminToken = '';
  const crew: { id: string; email: string }[] = [];

  const call = callAs(() => app);

  beforeAll(async () => {
    sink = await startSink();
    // The http role only: mail is sent by the worker processes this test starts and kills.
    testApp = await startTestApp({
      env: { SMTP_URL: sink.url, REDIS_URL: testEnv.redisUrl! },
      dataDirPrefix: 'crew-campaign-',
      runtimeOptions: { redisPrefix: prefix },
      projectors: false,
    });
    ({ database, runtime, app } = testApp);
    adminToken = (await addUser(runtime, { email: 'admin@campaign.test', firstName: 'Ada', lastName: 'Admin', type: 'admin' })).token;
    const members = Array.from({ length: CREW }, (_, i) => ({
      email: `crew${i + 1}@campaign.test`,
      firstName: `Crew${i + 1}`,
      lastName: 'Sailor',
      type: (i + 1) % 3 === 0 ? ('skipper' as const) : ('crew' as const),
    }));
    const memberIds = await insertUsers(runtime.dataSource, members);
    crew.push(...members.map((member, i) => ({ id: memberIds[i]!, email: member.email })));
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await takeover?.close();
    await testApp?.close();
    await sink?.close();
    await dropRedisKeys(testEnv.redisUrl!, prefix);
  });

  it('is admin-only', async () => {
    const body = { audience: 'all_users', subject: 'Hi', template: 'campaign', message: 'Hello' };
    expect((await call('POST', '/api/admin/support/send-campaign', undefined, body)).status).toBe(401);
    expect((await call('POST', '/api/admin/support/send-campaign', runtime.tokens.sign(crew[0]!.id, 0), body)).status).toBe(403);
  });

  it('mails every recipient exactly once across a killed worker, and never those who unsubscribed', async () => {
    // Opted out before the campaign: in their profile (10) ...
    const optedOut = crew.slice(0, 10);
    for (const user of optedOut) {
      await runtime.dataSource.query(`INSERT INTO mail_preferences (user_id, marketing) VALUES ($1, false)`, [user.id]);
    }
    const sent = await call('POST', '/api/admin/support/send-campaign', adminToken, {
      audience: 'all_users',
      subject: 'Autumn delivery trips',
      template: 'campaign',
      message: 'Several skippers are looking for crew to bring boats south this autumn.',
    });
    expect(sent.status).toBe(201);
    const campaignId = (sent.body as SendCampaignResponse).campaign.id;
    expect((sent.body as SendCampaignResponse).campaign.recipients).toBe(CREW - optedOut.length);
    await runtime.get(CampaignDispatcher).settled();

    // ... and with the link of a mail, after the campaign was queued (10 more).
    const lateUnsubscribers = crew.slice(10, 20);
    for (const user of lateUnsubscribers) {
      const response = await call('POST', '/api/mail/unsubscribe', undefined, { user: user.id, token: runtime.mailLinks.unsubscribeToken(user.id) });
      expect(response.status).toBe(200);
    }
    expect((await call('POST', '/api/mail/unsubscribe', undefined, { user: crew[30]!.id, token: runtime.mailLinks.unsubscribeToken(crew[31]!.id) })).status).toBe(403);

    // A worker process sends the first part of the campaign, then the SMTP server stops answering with mails in flight.
    let output = '';
    child = spawn(process.execPath, ['--require', SWC_REGISTER, WORKER], {
      cwd: REPO_ROOT,
      env: { ...process.env, CREW_CAMPAIGN_WORKER: JSON.stringify({ databaseUrl: database.url, redisUrl: testEnv.redisUrl, prefix, smtpUrl: sink.url, baseUrl: runtime.baseUrl }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitUntil('the first worker sent 60 mails', () => sink.messages.length >= 60, 30_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${output}`);
    }
    sink.state.hang = true;
    await waitUntil('the first worker has mails in flight', () => sink.state.hangingSessions >= 1, 10_000);
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const beforeTakeover = sink.messages.length;
    expect(beforeTakeover).toBeLessThan(CREW - 20);

    // Another worker takes over (its jobs' locks run out after a second); the server answers again.
    sink.state.hang = false;
    takeover = new BullJobQueue({ redisUrl: testEnv.redisUrl!, prefix, lockDurationMs: 1_000, stalledIntervalMs: 500 });
    await takeover.startWorker(new Map([[SEND_EMAIL_JOB, runtime.roles.jobHandlers.get(SEND_EMAIL_JOB)!]]), { concurrency: 8 });

    let campaign: Communication | undefined;
    await waitUntil(
      'every queued mail of the campaign is sent or skipped',
      async () => {
        const recent = (await call('GET', '/api/admin/support/communications/recent', adminToken)).body as RecentCommunications;
        campaign = recent.communications.find((c) => c.id === campaignId);
        return campaign?.status === 'sent';
      },
      60_000,
    );
    expect(campaign).toMatchObject({ queued: CREW - 10, sent_count: CREW - 20, skipped_count: 10, failed_count: 0 });

    const counts = new Map<string, number>();
    for (const message of sink.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
    const expected = crew
      .slice(20)
      .map((u) => u.email)
      .sort();
    expect([...counts.keys()].sort()).toEqual(expected);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    for (const user of [...optedOut, ...lateUnsubscribers]) expect(counts.has(user.email)).toBe(false);

    // Each mail carries its recipient's own unsubscribe link and tracking image.
    const mail = sink.messages.find((m) => m.to === crew[25]!.email)!;
    const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain('Subject: Autumn delivery trips');
    expect(unfolded).toContain(`/unsubscribe?user=${crew[25]!.id}&token=${runtime.mailLinks.unsubscribeToken(crew[25]!.id)}`);
    const pixel = /\/api\/mail\/open\/([A-Za-z0-9_.-]+\.gif)/.exec(unfolded)![1]!;
    const opened = await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: `/api/mail/open/${pixel}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/gif');
    await app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url: `/api/mail/open/${pixel}` });
    const recent = (await call('GET', '/api/admin/support/communications/recent', adminToken)).body as RecentCommunications;
    expect(recent.communications.find((c) => c.id === campaignId)?.opened_count).toBe(1);

    // Queuing the same campaign again (a retry after a crash) mails nobody twice.
    await runtime.dataSource.query(`UPDATE email_campaigns SET status = 'queuing', queue_cursor = NULL, queued = 0 WHERE id = $1`, [campaignId]);
    await runtime.get(CampaignDispatcher).dispatch(campaignId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.messages.length).toBe(CREW - 20);
  }, 120_000);
});
