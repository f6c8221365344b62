import { MESSAGING_SERVICES, type MessagingServices } from '../src/modules/messaging/messaging-services';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ConversationListResponse, MessagePageResponse, StartConversationResponse, StreamTicketResponse, VoyageResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { issueToken } from '../src/modules/accounts/auth-tokens';
import { ManualClock } from '../src/platform/clock';
import type { Application } from '../src/application';
import type { TestDatabase } from './support/database';
import { startSmtpServer, sleep, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { openEventStream } from './support/sse-client';
import { readTestEnvironment } from './support/test-env';
import { addUser, call as request, collectingLogger, type Method, startTestApp, type TestApp } from './support/harness';

/**
 * Messaging over HTTP against real PostgreSQL, Redis and SMTP: who may write
 * to whom, validation, blocks both ways, the send limit, live delivery (in one
 * process over LISTEN/NOTIFY, across two processes over Redis), the unread
 * notice with a clock moved by hand, reports, and erasure with the account.
 */
const warnings: string[] = [];
const quiet = collectingLogger(warnings);
const testEnv = readTestEnvironment();
const MINUTE = 60_000;

let database: TestDatabase;
let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const clock = new ManualClock();
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

/** The harness's call by actor name, on another process's app when given; a string body goes as it is. */
const call = (method: Method, url: string, actor?: string, body?: unknown, target = app) =>
  request(target, method, url, { token: actor ? tokens[actor] : undefined, ...(typeof body === 'string' ? { raw: body } : { body }) });

async function addActor(actor: string, type: 'crew' | 'skipper' | 'both' | 'admin'): Promise<void> {
  const firstName = actor.charAt(0).toUpperCase() + actor.slice(1);
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@messaging.test`, firstName, lastName: 'Sailor', type }));
}

const year = new Date().getUTCFullYear() + 1;
const voyageForm = (title: string, draft = false) => ({
  title,
  description: 'Across the Channel and back.',
  estimated_start_date: `${year}-07-01`,
  estimated_end_date: `${year}-07-08`,
  contribution_type: 'free',
  boat_id: ids['boat'],
  requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
  is_custom_voyage: false,
  segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] }],
  ...(draft ? { draft: true } : {}),
});

const start = (actor: string, body: Record<string, unknown>) => call('POST', '/api/conversations', actor, body);
const send = (actor: string, conversationId: string, text: string) => call('POST', `/api/conversations/${conversationId}/messages`, actor, { body: text });
const inbox_ = async (actor: string) => (await call('GET', '/api/conversations', actor)).body as unknown as ConversationListResponse;
const unread = async (actor: string) => (await call('GET', '/api/messages/unread-count', actor)).body['unread'];
const mailsTo = (actor: string) => inbox.messages.filter((m) => m.rcptTo.includes(`${actor}@messaging.test`) && /unread message/.test(m.subject ?? ''));

const streamOf = async (actor: string, target = app) => {
  const ticket = (await call('POST', '/api/messages/stream-ticket', actor, undefined, target)).body as unknown as StreamTicketResponse;
  const address = target.getHttpServer().address() as AddressInfo;
  const stream = await openEventStream(`http://127.0.0.1:${address.port}${ticket.stream_url}`);
  expect(stream.status).toBe(200);
  await stream.next((e) => e.type === 'ready');
  return stream;
};

/** The delayed checks come due: the queue's wait is over (run_at), as the clock says the minutes have passed. */
const checksComeDue = async (): Promise<void> => {
  await runtime.dataSource.query(`UPDATE job_queue SET run_at = now() WHERE name = 'message-unread-check' AND status = 'pending' AND run_at > now()`);
  await runtime.dataSource.query(`SELECT pg_notify('job_queue', '')`);
  await waitUntil('the due checks have run', async () => {
    const [row] = await runtime.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM job_queue WHERE (name = 'message-unread-check' OR name = 'send-email') AND status IN ('pending', 'running') AND run_at <= now()`,
    );
    return row!.n === 0;
  });
};

/**
 * A voyage through the API. On a busy machine the answer may come before the
 * read model shows it (503 PROJECTION_LAGGING: saved, not yet shown); then
 * its row is awaited.
 */
async function createVoyage(title: string, draft = false): Promise<string> {
  const response = await call('POST', '/api/voyages/', 'skipper', voyageForm(title, draft));
  if (response.status === 201) return (response.body as unknown as VoyageResponse).id;
  expect(response.body).toMatchObject({ code: 'PROJECTION_LAGGING' });
  let id: string | undefined;
  await waitUntil(
    `voyage "${title}" is projected`,
    async () => {
      [{ voyage_id: id } = { voyage_id: undefined }] = await runtime.dataSource.query<{ voyage_id: string }[]>('SELECT voyage_id FROM voyage_summaries WHERE title = $1', [title]);
      return id !== undefined;
    },
    30_000,
  );
  return id!;
}

let voyageId: string;
let draftId: string;

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-messaging-', logger: quiet, runtimeOptions: { clock }, worker: true, listen: true });
  ({ database, runtime, app } = testApp);
  for (const [actor, type] of [
    ['skipper', 'skipper'],
    ['otherskipper', 'skipper'],
    ['anna', 'crew'],
    ['ben', 'crew'],
    ['cleo', 'crew'],
    ['dai', 'both'],
    ['admin', 'admin'],
  ] as const) {
    await addActor(actor, type);
  }
  const boat = await call('POST', '/api/profile/boats', 'skipper', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 });
  expect(boat.status).toBe(201);
  ids['boat'] = boat.body['id'] as string;
  voyageId = await createVoyage('Solent to Cherbourg');
  draftId = await createVoyage('Secret plans', true);
  const applied = await call('POST', '/api/applications/', 'ben', { voyage_id: voyageId, message: 'I would love to join this trip.' });
  expect(applied.status).toBe(201);
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

let annaConversation: string;

describe('who may write to whom', () => {
  it('answers a guest 401 on every messaging route, and a stream without a good ticket 400 or 401', async () => {
    const some = randomUUID();
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/conversations'],
      ['POST', '/api/conversations', { voyage_id: voyageId, message: 'Hello' }],
      ['GET', `/api/conversations/${some}/messages`],
      ['POST', `/api/conversations/${some}/messages`, { body: 'Hello' }],
      ['POST', `/api/conversations/${some}/read`],
      ['GET', '/api/messages/unread-count'],
      ['POST', '/api/messages/stream-ticket'],
      ['POST', `/api/users/${some}/block`],
      ['DELETE', `/api/users/${some}/block`],
      ['POST', `/api/messages/${some}/report`, { reason: 'Spam' }],
    ];
    for (const [method, url, body] of routes) {
      const response = await call(method, url, undefined, body);
      expect({ url, status: response.status, code: response.body['code'] }).toEqual({ url, status: 401, code: 'UNAUTHENTICATED' });
    }
    expect((await call('GET', '/api/messages/stream')).status).toBe(400);
    expect((await call('GET', '/api/messages/stream?ticket=forged.ticket')).body).toMatchObject({ code: 'INVALID_STREAM_TICKET' });
    // An access token is not a stream ticket.
    expect((await call('GET', `/api/messages/stream?ticket=${tokens['anna']}`)).status).toBe(401);
  });

  it('lets crew message the skipper of a published voyage before applying, and reuses the conversation', async () => {
    const first = await start('anna', { voyage_id: voyageId, message: '  Is there room for a beginner?  ' });
    expect(first.status).toBe(201);
    const started = first.body as unknown as StartConversationResponse;
    expect(started).toMatchObject({
      created: true,
      message: { body: 'Is there room for a beginner?', mine: true, read_at: null },
      conversation: {
        other: { id: ids['skipper'], name: 'Skipper Sailor' },
        voyage: { id: voyageId, title: 'Solent to Cherbourg', other_is_skipper: true },
        unread_count: 0,
        can_reply: true,
      },
    });
    annaConversation = started.conversation.id;
    const again = await start('anna', { voyage_id: voyageId, user_id: ids['skipper'], message: 'And do I need oilskins?' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ created: false, conversation: { id: annaConversation } });

    const list = await inbox_('skipper');
    expect(list.unread_total).toBe(2);
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({
      id: annaConversation,
      other: { id: ids['anna'], name: 'Anna Sailor' },
      voyage: { title: 'Solent to Cherbourg', other_is_skipper: false },
      unread_count: 2,
      last_message: { preview: 'And do I need oilskins?', mine: false },
    });
    expect(await unread('skipper')).toBe(2);
    expect(await unread('anna')).toBe(0);
  });

  it('refuses cold messages: the skipper only to applicants, crew only to the skipper, nobody to themselves or about a draft', async () => {
    expect((await start('skipper', { voyage_id: voyageId, user_id: ids['cleo'], message: 'Fancy a sail?' })).body).toMatchObject({ code: 'NO_VOYAGE_IN_COMMON' });
    expect((await start('skipper', { voyage_id: voyageId, user_id: ids['cleo'], message: 'Fancy a sail?' })).status).toBe(403);
    expect((await start('cleo', { voyage_id: voyageId, user_id: ids['ben'], message: 'Hi Ben' })).status).toBe(403);
    expect((await start('otherskipper', { voyage_id: voyageId, message: 'Hello colleague' })).status).toBe(403);
    expect((await start('admin', { voyage_id: voyageId, message: 'Hello' })).status).toBe(403);
    expect((await start('skipper', { voyage_id: voyageId, message: 'Note to self' })).body).toMatchObject({ code: 'CANNOT_MESSAGE_SELF' });
    expect((await start('anna', { voyage_id: draftId, message: 'Hello' })).status).toBe(404);
    expect((await start('anna', { voyage_id: randomUUID(), message: 'Hello' })).status).toBe(404);
    expect((await start('skipper', { voyage_id: voyageId, user_id: randomUUID(), message: 'Hello' })).status).toBe(404);

    // An applicant, whatever the state of the application: the skipper may write first.
    const toBen = await start('skipper', { voyage_id: voyageId, user_id: ids['ben'], message: 'Thanks for applying, Ben!' });
    expect(toBen.status).toBe(201);
    ids['benConversation'] = (toBen.body as unknown as StartConversationResponse).conversation.id;
  });

  it('never lets a third person read, post in, mark or report a conversation', async () => {
    const page = (await call('GET', `/api/conversations/${annaConversation}/messages`, 'anna')).body as unknown as MessagePageResponse;
    const messageId = page.messages[0]!.id;
    for (const actor of ['cleo', 'ben', 'otherskipper', 'admin']) {
      expect((await call('GET', `/api/conversations/${annaConversation}/messages`, actor)).status).toBe(404);
      expect((await send(actor, annaConversation, 'Let me in')).status).toBe(404);
      expect((await call('POST', `/api/conversations/${annaConversation}/read`, actor)).status).toBe(404);
      expect((await call('POST', `/api/messages/${messageId}/report`, actor, { reason: 'Looks odd' })).status).toBe(404);
    }
    expect((await inbox_('cleo')).conversations).toEqual([]);
    const [{ n }] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1', [annaConversation]);
    expect(n).toBe(2);
    expect((await call('GET', '/api/conversations/not-a-uuid/messages', 'anna')).status).toBe(404);
  });

  it('validates message bodies: 1 to 2,000 characters after trimming, no control characters', async () => {
    expect((await send('anna', annaConversation, '   ')).status).toBe(400);
    expect((await send('anna', annaConversation, 'x'.repeat(2001))).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await send('anna', annaConversation, 'bell \u0007 here')).status).toBe(400);
    expect((await call('POST', `/api/conversations/${annaConversation}/messages`, 'anna', '{"body":"nul \\u0000"}')).status).toBe(400);
    expect((await call('POST', `/api/conversations/${annaConversation}/messages`, 'anna', '{"body":')).body).toMatchObject({ code: 'INVALID_JSON' });
    expect((await call('POST', '/api/conversations', 'anna', { voyage_id: 'nope', message: 'Hello' })).status).toBe(400);
    const longest = await send('anna', annaConversation, `${'y'.repeat(2000)}  `);
    expect(longest.status).toBe(201);
    const lines = await send('anna', annaConversation, 'Two\nlines');
    expect(lines.body).toMatchObject({ message: { body: 'Two\nlines' } });
  });
});

describe('stream tickets', () => {
  it('opens one stream per ticket: the same ticket again (from a log, a proxy or history) answers 401', async () => {
    const ticket = (await call('POST', '/api/messages/stream-ticket', 'anna')).body as unknown as StreamTicketResponse;
    const address = app.getHttpServer().address() as AddressInfo;
    const first = await openEventStream(`http://127.0.0.1:${address.port}${ticket.stream_url}`);
    expect(first.status).toBe(200);
    const replay = await openEventStream(`http://127.0.0.1:${address.port}${ticket.stream_url}`);
    expect(replay.status).toBe(401);
    replay.close();
    first.close();
    // A fresh ticket opens a fresh stream, as the client asks for one per connection.
    (await streamOf('anna')).close();
  });
});

describe('reading', () => {
  it('pages a thread newest last and marks it read, with read receipts for the sender', async () => {
    const latest = (await call('GET', `/api/conversations/${annaConversation}/messages?limit=2`, 'skipper')).body as unknown as MessagePageResponse;
    expect(latest.messages.map((m) => m.body)).toEqual(['y'.repeat(2000), 'Two\nlines']);
    expect(latest.older_cursor).toBe(latest.messages[0]!.id);
    expect(latest.conversation.voyage.title).toBe('Solent to Cherbourg');
    const older = (await call('GET', `/api/conversations/${annaConversation}/messages?limit=2&before=${latest.older_cursor}`, 'skipper')).body as unknown as MessagePageResponse;
    expect(older.messages.map((m) => m.body)).toEqual(['Is there room for a beginner?', 'And do I need oilskins?']);
    expect(older.older_cursor).toBeNull();
    expect((await call('GET', `/api/conversations/${annaConversation}/messages?limit=0`, 'skipper')).status).toBe(400);

    expect(await unread('skipper')).toBe(4);
    const read = await call('POST', `/api/conversations/${annaConversation}/read`, 'skipper');
    expect(read).toMatchObject({ status: 200, body: { conversation_id: annaConversation, unread_total: 0 } });
    const seen = (await call('GET', `/api/conversations/${annaConversation}/messages`, 'anna')).body as unknown as MessagePageResponse;
    expect(seen.messages.every((m) => m.mine && m.read_at !== null)).toBe(true);
  });
});

describe('blocking and reporting', () => {
  it('stops messages both ways while blocked; the blocked side only sees that they cannot reply', async () => {
    expect((await call('POST', `/api/users/${ids['anna']}/block`, 'skipper')).body).toEqual({ user_id: ids['anna'], blocked: true });
    expect((await send('anna', annaConversation, 'Hello?')).body).toMatchObject({ code: 'CANNOT_REPLY' });
    expect((await send('skipper', annaConversation, 'Hello?')).status).toBe(403);
    expect((await start('anna', { voyage_id: voyageId, message: 'Hello again' })).status).toBe(403);
    expect((await inbox_('anna')).conversations[0]).toMatchObject({ can_reply: false, blocked_by_me: false });
    expect((await inbox_('skipper')).conversations.find((c) => c.id === annaConversation)).toMatchObject({ can_reply: false, blocked_by_me: true });
    expect((await call('DELETE', `/api/users/${ids['anna']}/block`, 'skipper')).body).toEqual({ user_id: ids['anna'], blocked: false });
    expect((await send('skipper', annaConversation, 'Sorry, wrong button.')).status).toBe(201);

    expect((await call('POST', `/api/users/${ids['skipper']}/block`, 'anna')).status).toBe(200);
    expect((await send('skipper', annaConversation, 'Are you there?')).status).toBe(403);
    expect((await send('anna', annaConversation, 'Blocked you.')).status).toBe(403);
    expect((await call('DELETE', `/api/users/${ids['skipper']}/block`, 'anna')).status).toBe(200);
    expect((await call('POST', `/api/users/${ids['anna']}/block`, 'anna')).body).toMatchObject({ code: 'CANNOT_BLOCK_SELF' });
    expect((await call('POST', `/api/users/${randomUUID()}/block`, 'anna')).status).toBe(404);
  });

  it('records a report of the other person’s message once, for the support desk', async () => {
    const page = (await call('GET', `/api/conversations/${annaConversation}/messages`, 'skipper')).body as unknown as MessagePageResponse;
    const annas = page.messages.find((m) => !m.mine)!;
    const mine = page.messages.find((m) => m.mine)!;
    expect((await call('POST', `/api/messages/${annas.id}/report`, 'skipper', { reason: '  ' })).status).toBe(400);
    const reported = await call('POST', `/api/messages/${annas.id}/report`, 'skipper', { reason: 'Asking for money upfront' });
    expect(reported.status).toBe(201);
    expect((await call('POST', `/api/messages/${annas.id}/report`, 'skipper', { reason: 'Again' })).body).toMatchObject({ code: 'ALREADY_REPORTED' });
    expect((await call('POST', `/api/messages/${mine.id}/report`, 'skipper', { reason: 'Mine' })).body).toMatchObject({ code: 'CANNOT_REPORT_OWN' });
    const rows = await runtime.dataSource.query('SELECT message_id, reporter_id, reason, status FROM message_reports');
    expect(rows).toEqual([{ message_id: annas.id, reporter_id: ids['skipper'], reason: 'Asking for money upfront', status: 'open' }]);
    // The report opened one support ticket (a second attempt opens none), naming the message, not quoting it.
    const tickets = await runtime.dataSource.query<{ data: { source: string; sourceId: string; subjectId: string; requesterId: string; description: string } }[]>(
      `SELECT data FROM events WHERE event_type = 'SupportTicketOpened'`,
    );
    expect(tickets.map((t) => t.data)).toEqual([
      expect.objectContaining({ source: 'message_report', sourceId: reported.body.report_id, subjectId: annas.id, requesterId: ids['skipper'] }),
    ]);
  });

  it('limits a sender to 30 messages a minute (429)', async () => {
    const first = await start('dai', { voyage_id: voyageId, message: 'Message 1' });
    expect(first.status).toBe(201);
    const conversation = (first.body as unknown as StartConversationResponse).conversation.id;
    for (let i = 2; i <= 30; i++) expect((await send('dai', conversation, `Message ${i}`)).status).toBe(201);
    const refused = await send('dai', conversation, 'Message 31');
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    // Others are not held back.
    expect((await send('skipper', conversation, 'Slow down!')).status).toBe(201);
  });
});

describe('live delivery', () => {
  it('pushes new messages and read marks to open streams (PostgreSQL LISTEN/NOTIFY without Redis)', async () => {
    expect(runtime.get<MessagingServices>(MESSAGING_SERVICES).bus.kind).toBe('postgres');
    const skipperStream = await streamOf('skipper');
    const annaStream = await streamOf('anna');
    try {
      const sent = await send('anna', annaConversation, 'Live from the pontoon');
      expect(sent.status).toBe(201);
      const event = await skipperStream
        .next((e) => e.type === 'message')
        .catch((error: unknown) => {
          throw new Error(`${String(error)}; warnings: ${warnings.join(' | ')}`);
        });
      expect(event).toMatchObject({ type: 'message', message: { id: (sent.body['message'] as { id: string }).id, body: 'Live from the pontoon', mine: false }, unread_total: 1 });
      await annaStream.next((e) => e.type === 'message' && e.message.mine);

      await call('POST', `/api/conversations/${annaConversation}/read`, 'skipper');
      const receipt = await annaStream.next((e) => e.type === 'read' && e.reader_id === ids['skipper']);
      expect(receipt).toMatchObject({ conversation_id: annaConversation, reader_id: ids['skipper'], last_read_message_id: (sent.body['message'] as { id: string }).id });
      // Nobody else hears it.
      const cleoStream = await streamOf('cleo');
      await send('skipper', annaConversation, 'Got it');
      await annaStream.next((e) => e.type === 'message' && !e.message.mine);
      await sleep(200);
      expect(cleoStream.events.map((e) => e.type)).toEqual(['ready']);
      cleoStream.close();
    } finally {
      skipperStream.close();
      annaStream.close();
    }
  });

  const redisSkip = testEnv.redisUrl === null ? (testEnv.redisSkipReason ?? 'no Redis available') : null;
  (redisSkip === null ? it : it.skip)(`delivers across two API processes sharing Redis${redisSkip === null ? '' : ` (skipped: ${redisSkip})`}`, async () => {
    const prefix = `crew-test-${randomUUID()}`;
    const replicas: { runtime: Application; app: NestFastifyApplication }[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const env = { REDIS_URL: testEnv.redisUrl!, API_ROLES: 'http' };
        const replica = await startTestApp({
          database,
          env,
          dataDirPrefix: 'crew-messaging-',
          logger: quiet,
          runtimeOptions: { redisPrefix: prefix },
          projectors: false,
          listen: true,
        });
        replicas.push({ runtime: replica.runtime, app: replica.app });
      }
      expect(replicas.map((r) => r.runtime.get<MessagingServices>(MESSAGING_SERVICES).bus.kind)).toEqual(['redis', 'redis']);
      const skipperStream = await streamOf('skipper', replicas[1]!.app);
      try {
        const sent = await call('POST', `/api/conversations/${annaConversation}/messages`, 'anna', { body: 'Sent through replica A' }, replicas[0]!.app);
        expect(sent.status).toBe(201);
        const event = await skipperStream.next((e) => e.type === 'message');
        expect(event).toMatchObject({ message: { body: 'Sent through replica A' } });
        await call('POST', `/api/conversations/${annaConversation}/read`, 'skipper', undefined, replicas[0]!.app);
        const annaStream = await streamOf('anna', replicas[1]!.app);
        await call('POST', `/api/conversations/${annaConversation}/messages`, 'anna', { body: 'And another' }, replicas[0]!.app);
        await call('POST', `/api/conversations/${annaConversation}/read`, 'skipper', undefined, replicas[0]!.app);
        await annaStream.next((e) => e.type === 'read');
        annaStream.close();
      } finally {
        skipperStream.close();
      }
    } finally {
      for (const replica of replicas) {
        await replica.runtime.close();
      }
      const redis = new Redis(testEnv.redisUrl!, { maxRetriesPerRequest: 1 });
      const keys: string[] = [];
      for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});

describe('unread notice', () => {
  it('emails once when a message stays unread 15 minutes, then at most once an hour per conversation', async () => {
    await call('POST', `/api/conversations/${annaConversation}/read`, 'skipper');
    const sent = await send('anna', annaConversation, 'Are we still on for Saturday?');
    const messageId = (sent.body['message'] as { id: string }).id;
    const checks = async () =>
      runtime.dataSource.query<{ id: string; wait_s: number }[]>(
        `SELECT id, extract(epoch FROM run_at - now())::int AS wait_s FROM job_queue
          WHERE name = 'message-unread-check' AND status = 'pending' AND data->>'conversationId' = $1 AND data->>'recipientId' = $2`,
        [annaConversation, ids['skipper']],
      );
    const job = (await checks()).find((j) => j.id === `${messageId}:${ids['skipper']}:message-unread-check`);
    expect(job!.wait_s).toBeGreaterThan(14 * 60);
    // A second message while the first is unread needs no second check.
    const pending = (await checks()).length;
    await send('anna', annaConversation, 'Let me know either way.');
    expect(await checks()).toHaveLength(pending);

    clock.advance(14 * MINUTE);
    await checksComeDue();
    await sleep(300);
    expect(mailsTo('skipper')).toHaveLength(0);

    clock.advance(1 * MINUTE + 1_000);
    await checksComeDue();
    await waitUntil('the notice is mailed', () => mailsTo('skipper').length === 1);
    const mail = mailsTo('skipper')[0]!;
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`/messages/${annaConversation}`);
    expect(mail.subject).toContain('Anna Sailor');
    await checksComeDue();
    await sleep(300);
    expect(mailsTo('skipper')).toHaveLength(1);

    // Read, then a new message 20 minutes later: unread for 15 minutes, but within the hour of the last notice.
    await call('POST', `/api/conversations/${annaConversation}/read`, 'skipper');
    clock.advance(20 * MINUTE);
    await send('anna', annaConversation, 'One more thing.');
    clock.advance(16 * MINUTE);
    await checksComeDue();
    await sleep(300);
    expect(mailsTo('skipper')).toHaveLength(1);
    // The check waits for the hour to end, then mails.
    clock.advance(30 * MINUTE);
    await checksComeDue();
    await waitUntil('the second notice is mailed', () => mailsTo('skipper').length === 2);
  });

  it('sends nothing when the message is read in time', async () => {
    const conversation = ids['benConversation']!;
    // Ben never read the skipper's first message: its notice went out when the clock passed 15 minutes above.
    expect(mailsTo('ben')).toHaveLength(1);
    await call('POST', `/api/conversations/${conversation}/read`, 'ben');
    clock.advance(2 * 60 * MINUTE);
    await send('skipper', conversation, 'Can you bring a head torch?');
    clock.advance(5 * MINUTE);
    expect((await call('POST', `/api/conversations/${conversation}/read`, 'ben')).status).toBe(200);
    clock.advance(20 * MINUTE);
    await checksComeDue();
    await sleep(500);
    expect(mailsTo('ben')).toHaveLength(1);
  });
});

/** A second API process on the same database, without Redis: live signals pass over LISTEN/NOTIFY. */
const startReplica = (): Promise<TestApp> =>
  startTestApp({ database, env: { API_ROLES: 'http' }, dataDirPrefix: 'crew-messaging-', logger: quiet, projectors: false, listen: true });

describe('ending streams', () => {
  it('ends the open streams of an account whose password is reset (signed out everywhere), in every process', async () => {
    const replica = await startReplica();
    try {
      const here = await streamOf('cleo');
      const there = await streamOf('cleo', replica.app);
      const bystander = await streamOf('skipper', replica.app);
      const { token } = await issueToken(runtime.dataSource.manager, ids['cleo']!, 'reset_password', new Date());
      const reset = await call('POST', '/api/auth/reset-password', undefined, { token, password: 'A much newer passphrase 42' });
      expect(reset.status).toBe(200);
      await Promise.all([here.ended(), there.ended()]);
      await expect(bystander.ended(300)).rejects.toThrow('did not end');
      bystander.close();
      // The old token (and any ticket it got) no longer opens a stream.
      expect((await call('POST', '/api/messages/stream-ticket', 'cleo')).status).toBe(401);
    } finally {
      await replica.close();
    }
  });
});

describe('erasure', () => {
  it('ends the live streams of a deleted account in every API process', async () => {
    const replica = await startReplica();
    try {
      expect(replica.runtime.get<MessagingServices>(MESSAGING_SERVICES).bus.kind).toBe('postgres');
      const ticket = (await call('POST', '/api/messages/stream-ticket', 'anna')).body as unknown as StreamTicketResponse;
      const here = await streamOf('anna');
      const there = await streamOf('anna', replica.app);
      const bystander = await streamOf('skipper', replica.app);
      const before = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM messages WHERE sender_id = $1', [ids['anna']]);
      expect(before[0]!.n).toBeGreaterThan(0);
      const deleted = await call('DELETE', `/api/admin/users/${ids['anna']}`, 'admin');
      expect(deleted.status).toBe(200);
      await Promise.all([here.ended(), there.ended()]);
      // Others' streams stay open, and the deleted account's ticket opens nothing any more.
      await expect(bystander.ended(300)).rejects.toThrow('did not end');
      bystander.close();
      const address = replica.app.getHttpServer().address() as AddressInfo;
      const again = await openEventStream(`http://127.0.0.1:${address.port}${ticket.stream_url}`);
      expect(again.status).toBe(401);
      again.close();
    } finally {
      await replica.close();
    }
  });

  it('has deleted the conversations, messages and reports of the deleted account', async () => {
    const annaId = ids['anna']!;
    const [left] = await runtime.dataSource.query<{ messages: number; conversations: number; members: number; reports: number; blocks: number }[]>(
      `SELECT (SELECT count(*)::int FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.user_low = $1 OR c.user_high = $1 OR m.sender_id = $1) AS messages,
              (SELECT count(*)::int FROM conversations WHERE user_low = $1 OR user_high = $1) AS conversations,
              (SELECT count(*)::int FROM conversation_members WHERE user_id = $1 OR other_user_id = $1) AS members,
              (SELECT count(*)::int FROM message_reports) AS reports,
              (SELECT count(*)::int FROM user_blocks WHERE blocker_id = $1 OR blocked_id = $1) AS blocks`,
      [annaId],
    );
    expect(left).toEqual({ messages: 0, conversations: 0, members: 0, reports: 0, blocks: 0 });
    const texts = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM messages WHERE body LIKE '%Saturday%' OR body LIKE '%oilskins%'`);
    expect(texts[0]!.n).toBe(0);
    expect((await inbox_('skipper')).conversations.some((c) => c.other.id === annaId)).toBe(false);
  });
});
