import { Voyage, voyageStreamId, type VoyagePlan } from '@crew/domain';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { addUser, call, startTestApp, type TestApp } from './support/harness';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { dropRedisKeys } from './support/redis-keys';
import { readTestEnvironment } from './support/test-env';

/**
 * Instant alerts across a killed process: a projector-and-worker process
 * (the matching reactor and the mail worker) is SIGKILLed while voyages are
 * being published and their alert mails sent; another takes over. Every
 * (search, voyage) match is recorded once and every instant search gets
 * each matching voyage's mail exactly once: one Message-ID, and a second copy
 * of it only for a mail the killed process handed to SMTP but never recorded.
 */
const testEnv = readTestEnvironment();
const REPO_ROOT = path.resolve(__dirname, '../../..');
const PROCESS = path.join(__dirname, 'fixtures/alerts-process.ts');
const SWC_REGISTER = path.join(__dirname, 'support/swc-register.cjs');
const INSTANT = 40;
const DAILY = 20;
const VOYAGES = 16;

const suite = testEnv.redisUrl === null ? describe.skip : describe;

suite(`saved-search alerts across a killed process (BullMQ, real SMTP)${testEnv.redisUrl === null ? ` (skipped: ${testEnv.redisSkipReason ?? 'no Redis'})` : ''}`, () => {
  const prefix = `crew-test-${randomUUID()}`;
  let test: TestApp;
  let inbox: TestSmtpServer;
  const children: ChildProcess[] = [];
  let skipper = { id: '', token: '' };

  const start = async (): Promise<ChildProcess> => {
    let output = '';
    const child = spawn(process.execPath, ['--require', SWC_REGISTER, PROCESS], {
      cwd: REPO_ROOT,
      env: { ...process.env, CREW_ALERTS_PROCESS: JSON.stringify({ databaseUrl: test.database.url, redisUrl: testEnv.redisUrl, prefix, smtpUrl: inbox.url }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil('the process is ready', () => output.includes('ready'), 60_000).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${output}`);
    });
    return child;
  };

  const kill = async (child: ChildProcess): Promise<void> => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  const plan = (n: number): VoyagePlan => ({
    title: `Atlantic crossing ${n}`,
    description: 'Trade winds all the way.',
    startDate: new Date(Date.now() + (30 + n) * 86_400_000).toISOString().slice(0, 10),
    endDate: new Date(Date.now() + (50 + n) * 86_400_000).toISOString().slice(0, 10),
    minExperience: 'beginner',
    skills: [],
    crewNeeded: 4,
    contribution: { type: 'shared_costs', amount: 20, currency: 'EUR', details: '' },
    isCustom: false,
    customNotes: '',
    stops: [
      { name: 'Las Palmas', portId: null, coordinates: [-15.42, 28.13] },
      { name: 'Mindelo', portId: null, coordinates: [-24.99, 16.89] },
    ],
    custom: null,
  });

  const publish = (n: number) =>
    test.runtime.repository.execute(
      Voyage,
      voyageStreamId(randomUUID()),
      { type: 'PublishVoyage', actorId: skipper.id, plan: plan(n), boat: { id: randomUUID(), ownerId: skipper.id, isActive: true } },
      { userId: skipper.id, correlationId: randomUUID() },
    );

  beforeAll(async () => {
    inbox = await startSmtpServer('answer');
    // This process writes events and answers the API; the alerts run in the processes the test starts and kills.
    test = await startTestApp({
      env: { SMTP_URL: inbox.url, REDIS_URL: testEnv.redisUrl! },
      dataDirPrefix: 'crew-alerts-crash-',
      runtimeOptions: { redisPrefix: prefix },
      projectors: false,
    });
    skipper = await addUser(test.runtime, { email: 'skipper@crash.test', firstName: 'Ellen', lastName: 'Skip', type: 'skipper' });
    for (let i = 0; i < INSTANT + DAILY; i++) {
      const member = await addUser(test.runtime, { email: `crew${i}@crash.test`, firstName: `Crew${i}`, lastName: 'Sailor', type: 'crew' });
      const saved = await call(test.app, 'POST', '/api/saved-searches', {
        token: member.token,
        body: i < INSTANT ? { name: `Atlantic ${i}`, filters: { search: 'atlantic' }, alert: 'instant' } : { name: `Canaries ${i}`, bbox: [-20, 25, -10, 32], alert: 'daily' },
      });
      expect(saved.status).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await test?.close();
    await inbox?.close();
    await dropRedisKeys(testEnv.redisUrl!, prefix);
  });

  it('records every match once and mails each instant search each voyage exactly once', async () => {
    const first = await start();
    for (let n = 1; n <= VOYAGES / 2; n++) await publish(n);
    await waitUntil('the first process sent some alerts', () => inbox.messages.length >= 60, 60_000).catch(async (error: unknown) => {
      // What stopped the alerts: a consumer's error, or an event it set aside.
      const q = (sql: string) => test.runtime.dataSource.query(sql);
      throw new Error(
        `${(error as Error).message}\n${JSON.stringify(await q('SELECT name, last_error FROM projection_checkpoints WHERE last_error IS NOT NULL'))}\n${JSON.stringify(await q('SELECT consumer, error FROM parked_events LIMIT 3'))}`,
      );
    });
    // Killed mid-stream, while more voyages are published: nobody matches or mails until the next process starts.
    await kill(first);
    const sentBefore = inbox.messages.length;
    for (let n = VOYAGES / 2 + 1; n <= VOYAGES; n++) await publish(n);
    expect(sentBefore).toBeLessThan(INSTANT * VOYAGES);

    // Everything the killed process handed over has arrived by now: nobody else sends until the next one starts.
    const fromFirst = inbox.messages.length;
    await start();
    const distinct = (): number => new Set(inbox.messages.map((mail) => mail.messageId)).size;
    await waitUntil('every alert was sent', () => distinct() >= INSTANT * VOYAGES, 120_000);
    // A little longer: a duplicate would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    // One mail per instant search and voyage, each with one Message-ID. The one copy SMTP allows: a mail the killed
    // process handed over but had not recorded as sent is sent again by the next, with the same Message-ID, which
    // receivers use to drop it (no queue closes that window); any other second mail is a duplicate.
    const seen = new Map<string, { messageIds: Set<string | null>; arrivals: number[] }>();
    inbox.messages.forEach((mail, arrival) => {
      const voyage = /Atlantic crossing (\d+)/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
      const key = `${mail.rcptTo.join(',')} ${voyage}`;
      const entry = seen.get(key) ?? { messageIds: new Set(), arrivals: [] };
      entry.messageIds.add(mail.messageId);
      entry.arrivals.push(arrival);
      seen.set(key, entry);
    });
    expect(seen.size).toBe(INSTANT * VOYAGES);
    expect(distinct()).toBe(INSTANT * VOYAGES);
    for (const [key, { messageIds, arrivals }] of seen) {
      expect([key, messageIds.size, messageIds.has(null)]).toEqual([key, 1, false]);
      if (arrivals.length > 1) expect([key, arrivals.length, arrivals[0]! < fromFirst]).toEqual([key, 2, true]);
    }
    const [matches] = await test.runtime.dataSource.query<{ n: string; pairs: string }[]>(
      'SELECT count(*) AS n, count(DISTINCT (search_id, voyage_id)) AS pairs FROM saved_search_matches',
    );
    expect(Number(matches?.n)).toBe((INSTANT + DAILY) * VOYAGES);
    expect(Number(matches?.pairs)).toBe((INSTANT + DAILY) * VOYAGES);
    const [sent] = await test.runtime.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM email_messages WHERE template = 'saved-search-alert' AND status = 'sent'`);
    expect(Number(sent?.n)).toBe(INSTANT * VOYAGES);
  }, 240_000);
});
