import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from './support/database';
import { readTestEnvironment } from './support/test-env';
import { monetizationNoticeReactor } from '../src/modules/admin/reactors/monetization-notice.reactor';
import { createDataSource } from '../src/platform/database/data-source';
import { comparePositions, type LogPosition } from '../src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { BullJobQueue } from '../src/platform/jobs/bullmq-job-queue';
import type { JobQueue } from '../src/platform/jobs/job-queue.port';
import { PostgresJobQueue } from '../src/platform/jobs/postgres-job-queue';
import { extractLinks } from '../src/platform/mail/dev-mailbox.controller';
import { LocalMailboxTransport, SmtpTransport, type MailTransport } from '../src/platform/mail/mail-transport';
import { allMailTemplates } from './support/mail-templates';
import { createSendEmailHandler, mailMessageId, RECIPIENT_WAIT_ATTEMPTS, RecipientNotFoundError, SEND_EMAIL_JOB, sendEmailJob } from '../src/platform/mail/send-email.job';
import { ProjectionRunner } from '../src/platform/projections/projection-runner';
import { sleep, startSmtpServer, waitUntil, type ReceivedMail, type TestSmtpServer } from './support/smtp-server';
import { insertUser } from './support/harness';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const KILL_ME_WORKER = path.join(__dirname, 'fixtures/kill-me-worker.ts');
/** Compiles the worker's TypeScript as jest does (the mail's message macros included). */
const SWC_REGISTER = path.join(__dirname, 'support/swc-register.cjs');
const FROM = 'Crew <no-reply@test>';
const BASE_URL = 'http://localhost:3000';
const REACTOR = 'reactor:monetization-notice';
const ADMINS = [
  { email: 'ada.admin@example.com', firstName: 'Ada' },
  { email: 'grace.admin@example.com', firstName: 'Grace' },
] as const;
/** User ids by email, filled when the users are inserted: jobs name people by id. */
const userIds = new Map<string, string>();
const idOf = (email: string): string => userIds.get(email)!;

const testEnv = readTestEnvironment();

// ---------------------------------------------------------------------------------------------
// The two queue modes.
// ---------------------------------------------------------------------------------------------
type QueueMode = 'postgres' | 'bullmq';
const modes: { mode: QueueMode; title: string; skipReason: string | null }[] = [
  { mode: 'postgres', title: 'PostgresJobQueue (embedded mode)', skipReason: null },
  {
    mode: 'bullmq',
    title: 'BullJobQueue (services mode, Redis)',
    skipReason: testEnv.redisUrl === null ? (testEnv.redisSkipReason ?? 'no Redis available') : null,
  },
];

for (const { mode, title, skipReason } of modes) {
  // A mode that cannot run here is reported as skipped, with the reason, in Jest's own summary.
  (skipReason === null ? describe : describe.skip)(`jobs and mail with ${title}${skipReason === null ? '' : ` (skipped: ${skipReason})`}`, () => {
    const prefix = `crew-test-${randomUUID()}`;
    const fastPrefix = `${prefix}-fast`;
    const queueErrors: string[] = [];
    let database: TestDatabase;
    let dataSource: DataSource;
    let store: PostgresEventStore;
    let inbox: TestSmtpServer;

    // Per-test resources, closed in afterEach in dependency order.
    const runners: ProjectionRunner[] = [];
    const queues: JobQueue[] = [];
    const transports: MailTransport[] = [];
    const extraServers: TestSmtpServer[] = [];
    const children: ChildProcess[] = [];

    /**
     * `fast`: the short lease / lock that lets a job of a dead worker be retried within a second or two.
     * BullMQ throttles stalled-job checks per queue with a key that lives `stalledInterval` (30 s by
     * default), so the fast BullMQ queue gets its own key prefix, untouched by default-option workers.
     */
    const makeQueue = (fast: boolean): JobQueue => {
      const onError = (message: string): void => void queueErrors.push(message);
      const queue: JobQueue =
        mode === 'postgres'
          ? new PostgresJobQueue(dataSource, database.url, fast ? { leaseMs: 1_000, pollMs: 100, onError } : { pollMs: 100, onError })
          : new BullJobQueue({
              redisUrl: testEnv.redisUrl!,
              prefix: fast ? fastPrefix : prefix,
              ...(fast ? { lockDurationMs: 1_000, stalledIntervalMs: 500 } : {}),
              onError,
            });
      queues.push(queue);
      return queue;
    };

    const startMailWorker = async (queue: JobQueue, transport: MailTransport): Promise<void> => {
      transports.push(transport);
      await queue.startWorker(new Map([[SEND_EMAIL_JOB, createSendEmailHandler(dataSource, transport, FROM, allMailTemplates())]]));
    };

    const startReactor = (queue: JobQueue): ProjectionRunner => {
      const runner = new ProjectionRunner(monetizationNoticeReactor(queue, BASE_URL), store, dataSource, {
        standbyRetryMs: 100,
        errorBackoffMs: 100,
      });
      runners.push(runner);
      runner.start();
      return runner;
    };

    const appendMonetizationToggled = async (): Promise<{ eventId: string; position: LogPosition }> => {
      const eventId = randomUUID();
      const result = await store.appendToStream(
        'platform_config-global',
        [
          {
            id: eventId,
            type: 'MonetizationToggled',
            data: { enabled: true, previous: false },
            metadata: { userId: null, correlationId: randomUUID(), causationId: null, timestamp: new Date().toISOString() },
          },
        ],
        'any',
      );
      return { eventId, position: result.position };
    };

    interface EmailRow {
      dedupe_key: string;
      recipient: string;
      recipient_id: string | null;
      subject: string;
      template: string;
      transport: string;
      status: string;
      attempts: number;
      text_body: string;
      html_body: string;
    }
    const emailRows = (dedupePrefix: string): Promise<EmailRow[]> =>
      dataSource.query(
        `SELECT dedupe_key, recipient, recipient_id, subject, template, transport, status, attempts, text_body, html_body
           FROM email_messages WHERE dedupe_key LIKE $1 ORDER BY recipient`,
        [`${dedupePrefix}%`],
      );

    const reactorCheckpoint = async (): Promise<LogPosition | null> => {
      const rows: { log_commit: string; log_prepare: string }[] = await dataSource.query('SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = $1', [REACTOR]);
      return rows[0] ? { commit: BigInt(rows[0].log_commit), prepare: BigInt(rows[0].log_prepare) } : null;
    };
    const reactorPassed = async (position: LogPosition): Promise<boolean> => {
      const at = await reactorCheckpoint();
      return at !== null && comparePositions(at, position) >= 0;
    };

    /** Appends a toggle and waits until both admins got their mail and both sends are recorded. */
    const deliverToggleNotice = async (): Promise<{ eventId: string; position: LogPosition; received: ReceivedMail[] }> => {
      const before = inbox.messages.length;
      const { eventId, position } = await appendMonetizationToggled();
      await waitUntil('the SMTP server received a mail for each admin', () => inbox.messages.length >= before + ADMINS.length);
      await waitUntil('both sends are recorded in email_messages', async () => (await emailRows(`${eventId}:`)).filter((r) => r.status === 'sent').length >= ADMINS.length);
      return { eventId, position, received: inbox.messages.slice(before) };
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      dataSource = createDataSource(database.url, { poolSize: 8 });
      await dataSource.initialize();
      store = new PostgresEventStore({ connectionString: database.url, poolSize: 4 });
      await store.initialize();
      for (const admin of ADMINS) {
        const id = await insertUser(dataSource, {
          email: admin.email,
          passwordHash: 'not-a-real-hash',
          firstName: admin.firstName,
          lastName: 'Admin',
          type: 'admin',
          verified: false,
        });
        userIds.set(admin.email, id);
      }
      for (const [email, firstName] of [
        ['x@example.com', 'X'],
        ['mailbox@example.com', 'Mia'],
      ] as const) {
        const id = await insertUser(dataSource, { email, passwordHash: 'not-a-real-hash', firstName, lastName: 'Crew', type: 'crew', verified: false });
        userIds.set(email, id);
      }
      inbox = await startSmtpServer('answer');
    });

    afterEach(async () => {
      for (const child of children.splice(0)) {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await exited;
        }
      }
      await Promise.all(runners.splice(0).map((r) => r.stop()));
      await Promise.all(queues.splice(0).map((q) => q.close()));
      for (const transport of transports.splice(0)) transport.close();
      await Promise.all(extraServers.splice(0).map((s) => s.close()));
    });

    afterAll(async () => {
      await inbox?.close();
      await store?.close();
      await dataSource?.destroy();
      await database?.drop();
      if (mode === 'bullmq') {
        const redis = new Redis(testEnv.redisUrl!, { maxRetriesPerRequest: 1 });
        try {
          const keys: string[] = [];
          for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
          if (keys.length > 0) await redis.del(...keys);
        } finally {
          redis.disconnect();
        }
      }
    });

    it('mails every admin over SMTP when monetization is switched on, and records each mail as sent', async () => {
      const queue = makeQueue(false);
      await startMailWorker(queue, new SmtpTransport(inbox.url));
      startReactor(queue);

      const { eventId, received } = await deliverToggleNotice();

      expect(received).toHaveLength(2);
      expect(received.flatMap((m) => m.rcptTo).sort()).toEqual(ADMINS.map((a) => a.email).sort());
      expect(received.map((m) => m.subject)).toEqual(['Monetization enabled', 'Monetization enabled']);
      expect(received.every((m) => m.raw.includes('Crew subscriptions are now switched ON'))).toBe(true);
      const rows = await emailRows(`${eventId}:`);
      expect(received.some((m) => m.raw.includes('Hello Ada,')) && received.some((m) => m.raw.includes('Hello Grace,'))).toBe(true);
      expect(
        rows.map(({ dedupe_key, recipient, recipient_id, subject, template, transport, status }) => ({
          dedupe_key,
          recipient,
          recipient_id,
          subject,
          template,
          transport,
          status,
        })),
      ).toEqual(
        [...ADMINS]
          .sort((a, b) => a.email.localeCompare(b.email))
          .map((admin) => ({
            // Job ids (kept in the queue) name the recipient by user id, never by address.
            dedupe_key: `${eventId}:${idOf(admin.email)}:monetization-changed`,
            recipient: admin.email,
            recipient_id: idOf(admin.email),
            subject: 'Monetization enabled',
            template: 'monetization-changed',
            transport: 'smtp',
            status: 'sent',
          })),
      );
    });

    it('sends no second mail when the reactor replays an event it already handled', async () => {
      const queue = makeQueue(false);
      const enqueue = jest.spyOn(queue, 'enqueue');
      await startMailWorker(queue, new SmtpTransport(inbox.url));
      const firstRunner = startReactor(queue);
      const { eventId, position } = await deliverToggleNotice();
      const deliveredSoFar = inbox.messages.length;

      // Rewind the reactor to the start of the log, as a rebuild or a lost checkpoint would.
      await firstRunner.stop();
      await dataSource.query('UPDATE projection_checkpoints SET log_commit = 0, log_prepare = 0 WHERE name = $1', [REACTOR]);
      expect(await reactorPassed(position)).toBe(false);
      enqueue.mockClear();
      startReactor(queue);
      await waitUntil('the replaying reactor passed the event again', () => reactorPassed(position));

      // The replay really did queue the same jobs again ...
      const requeuedIds = enqueue.mock.calls.flatMap(([jobs]) => jobs.map((j) => j.id));
      expect(requeuedIds).toEqual(expect.arrayContaining(ADMINS.map((a) => `${eventId}:${idOf(a.email)}:monetization-changed`)));
      // ... and the queue dropped them: give the worker a moment to (not) pick anything up.
      await waitUntil('the queue is idle', async () => {
        const counts = await queue.counts();
        return counts.waiting === 0 && counts.active === 0;
      });
      await sleep(300);

      expect(inbox.messages.length).toBe(deliveredSoFar);
      const rows = await emailRows(`${eventId}:`);
      expect(rows).toHaveLength(2);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
      ]);
      if (mode === 'postgres') {
        const jobs: { status: string; attempts: number }[] = await dataSource.query('SELECT status, attempts FROM job_queue WHERE id LIKE $1', [`${eventId}:%`]);
        expect(jobs).toEqual([
          { status: 'done', attempts: 1 },
          { status: 'done', attempts: 1 },
        ]);
      }
    });

    it('retries a send whose worker process was killed mid-job, and delivers it exactly once', async () => {
      const hanging = await startSmtpServer('hang');
      extraServers.push(hanging);
      const queue = makeQueue(true);
      const job = sendEmailJob(randomUUID(), {
        template: 'monetization-changed',
        recipientId: idOf('x@example.com'),
        params: { enabled: true, changedAt: 'now', baseUrl: 'http://x' },
      });
      await queue.enqueue([job], dataSource.manager);

      // A worker in another process takes the job; its SMTP server never answers DATA.
      let childOutput = '';
      const child = spawn(process.execPath, ['--require', SWC_REGISTER, KILL_ME_WORKER], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          CREW_KILL_ME_WORKER: JSON.stringify({
            mode,
            databaseUrl: database.url,
            redisUrl: testEnv.redisUrl,
            prefix: fastPrefix,
            smtpUrl: hanging.url,
            from: FROM,
          }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout!.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (childOutput += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));

      try {
        await waitUntil(
          // The whole message at the server, not yet answered: killed now, the worker cannot have recorded it.
          "the hanging server holds the child worker's whole message",
          () => {
            if (child.exitCode !== null) throw new Error(`child worker exited early (${child.exitCode})`);
            return hanging.unanswered.length >= 1;
          },
          15_000,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- child output ---\n${childOutput}`);
      }
      expect(await emailRows(job.id)).toEqual([]);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      // A worker in this process (short lease / lock) picks the abandoned job up again.
      const before = inbox.messages.length;
      await startMailWorker(queue, new SmtpTransport(inbox.url));
      await waitUntil('the retried send is recorded as sent', async () => (await emailRows(job.id))[0]?.status === 'sent', 10_000);

      const delivered = inbox.messages.slice(before);
      expect(delivered.map((m) => m.rcptTo)).toEqual([['x@example.com']]);
      expect(delivered[0]!.subject).toBe('Monetization enabled');
      expect(hanging.dataStarted).toBe(1);
      // Both attempts carry the job's one Message-ID: a receiver that got the first copy recognises the second.
      await waitUntil('the hanging server kept the first attempt', () => hanging.unanswered.length === 1);
      expect(hanging.unanswered[0]!.messageId).toBe(mailMessageId(job.id, FROM));
      expect(delivered[0]!.messageId).toBe(mailMessageId(job.id, FROM));
      expect(mailMessageId(job.id, FROM)).toMatch(/^<[0-9a-f]{40}@test>$/);
      const [row] = await emailRows(job.id);
      expect(row).toMatchObject({ recipient: 'x@example.com', transport: 'smtp', status: 'sent', template: 'monetization-changed' });
      expect(row!.attempts).toBeGreaterThanOrEqual(2);
      if (mode === 'postgres') {
        // The send is recorded by the handler; the queue marks the job done just after it returns.
        const queued = async () => (await dataSource.query<{ status: string; attempts: number }[]>('SELECT status, attempts FROM job_queue WHERE id = $1', [job.id]))[0];
        await waitUntil('the retried job is marked done', async () => (await queued())?.status === 'done', 10_000);
        expect((await queued())!.attempts).toBeGreaterThanOrEqual(2);
      }
    });

    it('keeps mail in the local mailbox when no SMTP server is configured, with the configuration link extractable', async () => {
      const queue = makeQueue(false);
      await startMailWorker(queue, new LocalMailboxTransport());
      const inboxBefore = inbox.messages.length;
      const job = sendEmailJob(randomUUID(), {
        template: 'monetization-changed',
        recipientId: idOf('mailbox@example.com'),
        params: { enabled: false, changedAt: 'now', baseUrl: 'http://crew.local:4200' },
      });
      await queue.enqueue([job], dataSource.manager);

      await waitUntil('the mailbox message is recorded', async () => (await emailRows(job.id)).length === 1);
      const [row] = await emailRows(job.id);
      expect(row).toMatchObject({
        recipient: 'mailbox@example.com',
        subject: 'Monetization disabled',
        template: 'monetization-changed',
        transport: 'mailbox',
        status: 'sent',
        attempts: 1,
      });
      expect(extractLinks('', row!.html_body)).toEqual(['http://crew.local:4200/admin/config']);
      expect(extractLinks(row!.text_body, row!.html_body)).toEqual(['http://crew.local:4200/admin/config']);
      expect(inbox.messages.length).toBe(inboxBefore);
    });

    it('names recipients by user id only, reads the address when sending, and skips (and records) a mail to an erased account', async () => {
      const queue = makeQueue(false);
      const erased = { id: await insertUser(dataSource, { email: 'gone@example.com', firstName: 'Gone', lastName: 'Soon', type: 'crew', verified: false }) };
      const renamed = { id: await insertUser(dataSource, { email: 'old@example.com', firstName: 'Nia', lastName: 'Moved', type: 'crew', verified: false }) };
      const toErased = sendEmailJob(randomUUID(), { template: 'monetization-changed', recipientId: erased!.id, params: { enabled: true, changedAt: 'now', baseUrl: 'http://x' } });
      const toMoved = sendEmailJob(randomUUID(), { template: 'monetization-changed', recipientId: renamed!.id, params: { enabled: true, changedAt: 'now', baseUrl: 'http://x' } });
      // Nothing in a job says who the person is beyond their id.
      for (const job of [toErased, toMoved]) expect(JSON.stringify(job)).not.toMatch(/@example\.com|Gone|Nia/);
      await queue.enqueue([toErased, toMoved], dataSource.manager);
      // Between queueing and sending, one account is erased and the other changes its address.
      await dataSource.query('DELETE FROM users WHERE id = $1', [erased!.id]);
      await dataSource.query(`UPDATE users SET email = 'new@example.com' WHERE id = $1`, [renamed!.id]);
      const before = inbox.messages.length;
      await startMailWorker(queue, new SmtpTransport(inbox.url));

      await waitUntil('both jobs are recorded', async () => (await emailRows(toErased.id)).length === 1 && (await emailRows(toMoved.id))[0]?.status === 'sent', 15_000);
      expect(inbox.messages.slice(before).map((m) => m.rcptTo)).toEqual([['new@example.com']]);
      const [skipped] = await emailRows(toErased.id);
      expect(skipped).toMatchObject({ status: 'skipped', recipient: '', recipient_id: erased!.id, subject: '', text_body: '' });
      // Skipped, not failed: the queue does not keep retrying it.
      await waitUntil('the queue is idle', async () => {
        const counts = await queue.counts();
        return counts.waiting === 0 && counts.active === 0;
      });
      expect((await queue.counts()).failed).toBe(0);
    });
  });
}

describe('one mail sent alone, on a database and SMTP server of its own', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let inbox: TestSmtpServer;
  let transport: SmtpTransport;

  beforeEach(async () => {
    database = await createTestDatabase();
    dataSource = createDataSource(database.url, { poolSize: 4 });
    await dataSource.initialize();
    inbox = await startSmtpServer('answer');
    transport = new SmtpTransport(inbox.url);
  });

  afterEach(async () => {
    transport.close();
    await inbox.close();
    await dataSource.destroy();
    await database.drop();
  });

  it('keeps trying to record a mail the SMTP server took while the database is away, and sends it once', async () => {
    const recipientId = await insertUser(dataSource, { email: 'restart@example.com', firstName: 'Rhea', lastName: 'Crew', type: 'crew' });
    // The first two writes of the record fail as a terminated connection does; the database is back for the third.
    let refused = 0;
    const restarting = new Proxy(dataSource, {
      get: (target, property, receiver) =>
        property === 'query'
          ? (sql: string, parameters?: unknown[]) => {
              if (sql.includes('INSERT INTO email_messages') && refused < 2) {
                refused++;
                return Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
              }
              return target.query(sql, parameters);
            }
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const job = sendEmailJob(randomUUID(), { template: 'monetization-changed', recipientId, params: { enabled: true, changedAt: 'now', baseUrl: 'http://x' } });
    await createSendEmailHandler(restarting, transport, FROM, allMailTemplates())(job.data, { jobId: job.id, attempt: 1 });

    expect(refused).toBe(2);
    expect(inbox.messages.map((m) => m.messageId)).toEqual([mailMessageId(job.id, FROM)]);
    const rows: { status: string; attempts: number }[] = await dataSource.query('SELECT status, attempts FROM email_messages WHERE dedupe_key = $1', [job.id]);
    expect(rows).toEqual([{ status: 'sent', attempts: 1 }]);
  });

  it('waits for the account through the tries before the last, sends once it is there, and counts one still missing on the last as erased', async () => {
    const handler = createSendEmailHandler(dataSource, transport, FROM, allMailTemplates());
    const mailTo = (recipientId: string) => ({
      recipientId,
      job: sendEmailJob(randomUUID(), { template: 'monetization-changed', recipientId, params: { enabled: true, changedAt: 'now', baseUrl: 'http://x' } }),
    });
    // A registration's mail is queued inside its transaction, and BullMQ may hand the job out before that commits.
    const late = mailTo(randomUUID());
    for (let attempt = 1; attempt < RECIPIENT_WAIT_ATTEMPTS; attempt++) {
      await expect(handler(late.job.data, { jobId: late.job.id, attempt })).rejects.toThrow(RecipientNotFoundError);
    }
    expect(await dataSource.query('SELECT status FROM email_messages WHERE dedupe_key = $1', [late.job.id])).toEqual([]);
    await insertUser(dataSource, { id: late.recipientId, email: 'late@example.com', firstName: 'Lee', lastName: 'Late', type: 'crew' });
    await handler(late.job.data, { jobId: late.job.id, attempt: RECIPIENT_WAIT_ATTEMPTS });
    expect(inbox.messages.map((m) => m.rcptTo)).toEqual([['late@example.com']]);

    const gone = mailTo(randomUUID());
    await handler(gone.job.data, { jobId: gone.job.id, attempt: RECIPIENT_WAIT_ATTEMPTS });
    expect(await dataSource.query('SELECT status, error FROM email_messages WHERE dedupe_key = $1', [gone.job.id])).toEqual([
      { status: 'skipped', error: 'the recipient account no longer exists' },
    ]);
    expect(inbox.messages).toHaveLength(1);
  });
});
