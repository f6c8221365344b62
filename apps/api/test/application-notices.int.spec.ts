import { Voyage, voyageStreamId, type VoyagePlan } from '@crew/domain';
import { randomUUID } from 'node:crypto';
import { ProjectionRunner } from '../src/platform/projections/projection-runner';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { insertUser, startTestRuntime, type TestRuntime } from './support/harness';

/**
 * A reactor depends only on the events it reads: application mails go out
 * while the voyage-summaries projection is stopped (or far behind), with the
 * voyage's title and date folded from its own stream, and nothing about the
 * people in the queue.
 */
let testRuntime: TestRuntime;
let runtime: Application;
let inbox: TestSmtpServer;
let reactor: ProjectionRunner;
const people: Record<'skipper' | 'crew', string> = { skipper: '', crew: '' };

const plan: VoyagePlan = {
  title: 'Round the Fastnet',
  description: 'The classic course at a gentle pace.',
  startDate: '2099-08-08',
  endDate: '2099-08-15',
  minExperience: 'beginner',
  skills: [],
  crewNeeded: 3,
  contribution: { type: 'free', amount: null, currency: 'GBP', details: '' },
  isCustom: false,
  customNotes: '',
  stops: [
    { name: 'Cowes', portId: null, coordinates: [-1.3, 50.76] },
    { name: 'Cherbourg', portId: null, coordinates: [-1.62, 49.65] },
  ],
  custom: null,
};

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testRuntime = await startTestRuntime({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-notices-', projectors: false });
  ({ runtime } = testRuntime);
  for (const [who, first, last, type] of [
    ['skipper', 'Ellen', 'MacArthur', 'skipper'],
    ['crew', 'Tilly', 'Smith', 'crew'],
  ] as const) {
    people[who] = await insertUser(runtime.dataSource, { email: `${who}@notices.test`, firstName: first, lastName: last, type, verified: false });
  }
  // Only the reactor and the mail worker run: no projector at all.
  const consumer = runtime.roles.reactors.find((r) => r.name === 'reactor:application-notices')!;
  reactor = new ProjectionRunner(consumer, runtime.eventStore, runtime.dataSource, { standbyRetryMs: 100, errorBackoffMs: 100 });
  reactor.start();
  await runtime.startWorker();
});

afterAll(async () => {
  await reactor.stop();
  await testRuntime.close();
  await inbox.close();
});

it('mails the skipper about a new application while voyage-summaries has not projected the voyage', async () => {
  const voyageId = randomUUID();
  const applicationId = randomUUID();
  const metadata = { userId: people.skipper, correlationId: randomUUID() };
  await runtime.repository.execute(
    Voyage,
    voyageStreamId(voyageId),
    { type: 'PublishVoyage', actorId: people.skipper, plan, boat: { id: randomUUID(), ownerId: people.skipper, isActive: true } },
    metadata,
  );
  await runtime.dataSource.query(`INSERT INTO application_messages (application_id, voyage_id, crew_id, message) VALUES ($1, $2, $3, $4)`, [
    applicationId,
    voyageId,
    people.crew,
    'Twenty years of dinghy racing, keen to go offshore.',
  ]);
  await runtime.repository.execute(
    Voyage,
    voyageStreamId(voyageId),
    { type: 'SubmitApplication', actorId: people.crew, actorUserType: 'crew', applicationId, message: 'Twenty years of dinghy racing.', segmentOrders: [] },
    { userId: people.crew, correlationId: randomUUID() },
  );
  await runtime.repository.execute(Voyage, voyageStreamId(voyageId), { type: 'AcceptApplication', actorId: people.skipper, applicationId }, metadata);

  await waitUntil('both mails arrived', () => inbox.messages.length >= 2, 15_000);
  // Quoted-printable bodies: undo the soft line breaks before reading them.
  const bySubject = new Map(inbox.messages.map((m) => [m.subject, { ...m, raw: m.raw.replace(/=\r?\n/g, '') }]));
  const received = bySubject.get('New application for Round the Fastnet');
  expect(received?.rcptTo).toEqual(['skipper@notices.test']);
  expect(received?.raw).toContain('Tilly Smith has applied to join');
  expect(received?.raw).toContain('Twenty years of dinghy racing, keen to go offshore.');
  const accepted = bySubject.get("You're on the crew: Round the Fastnet");
  expect(accepted?.rcptTo).toEqual(['crew@notices.test']);
  expect(accepted?.raw).toContain('Ellen MacArthur has accepted your application');
  expect(accepted?.raw).toContain('August 8, 2099');

  // The read model the reactor used to read was never written.
  expect(await runtime.dataSource.query('SELECT 1 FROM voyage_summaries')).toEqual([]);
  const jobs: { id: string; data: unknown }[] = await runtime.dataSource.query('SELECT id, data FROM job_queue');
  expect(jobs).toHaveLength(2);
  for (const job of jobs) expect(JSON.stringify(job)).not.toMatch(/@notices\.test|Tilly|Ellen|dinghy/);
});
