import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Subscription, subscriptionStreamId } from '@crew/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Application } from '../src/application';
import { enableTestTwoFactor, inject, insertUser, startTestApp, twoFactorCode, type TestApp } from './support/harness';
import { sleep, startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';

/**
 * A member's self-service on their own account: changing the password (every
 * other session and stream ticket ends, a security mail goes out), downloading
 * everything about them as one streamed JSON file (rate limited), and deleting
 * the account (the erasure an administrator's deletion runs, the subscription
 * cancelled at the provider, signed out everywhere, a confirmation mailed).
 */

let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;

// The stand-in payment provider: records what it is asked and answers like Stripe.
const providerCalls: { method: string; path: string }[] = [];
let provider: Server;

const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string, remoteAddress = '127.0.0.1') =>
  inject(app, method, url, { token, body, remoteAddress });
const signIn = (email: string, password: string, remoteAddress = '127.0.0.1') => request('POST', '/api/auth/login', { email, password }, undefined, remoteAddress);
const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');

/** A verified member with a password, and a session of theirs. */
async function member(email: string, type: 'crew' | 'skipper' | 'both' | 'admin' = 'both', password = 'Sea-legs-2024'): Promise<{ id: string; token: string }> {
  // Without two-step sign-in (an administrator inserted by the harness has it on by default): the password signs them in.
  const id = await insertUser(runtime.dataSource, { email, password, firstName: 'Grace', lastName: 'Darling', type, createdDaysAgo: 40, twoFactor: false });
  const login = await signIn(email, password);
  expect(login.statusCode).toBe(200);
  return { id, token: login.json().access_token as string };
}

const mailsTo = (address: string, subject: string) => inbox.messages.filter((m) => m.rcptTo.includes(address) && m.subject === subject);

beforeAll(async () => {
  provider = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      providerCalls.push({ method: req.method ?? '', path });
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${providerCalls.length}` });
      const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
      if (req.method === 'DELETE' && subscription) {
        res.end(JSON.stringify({ id: subscription[1], object: 'subscription', status: 'canceled', cancel_at_period_end: false, cancel_at: null }));
        return;
      }
      res.writeHead(404);
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({
    env: {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'http://crew.test',
      STRIPE_SECRET_KEY: 'sk_test_self_service',
      STRIPE_WEBHOOK_SECRET: 'whsec_self_service',
      STRIPE_API_BASE: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
    },
    dataDirPrefix: 'crew-self-service-',
    worker: true,
  });
  ({ runtime, app } = testApp);
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

describe('changing the password', () => {
  it('refuses a wrong current password with WRONG_PASSWORD, and the same password again, changing nothing', async () => {
    const { token } = await member('wrong@self.test');
    const wrong = await request('PUT', '/api/users/me/password', { current_password: 'not-it-at-all', new_password: 'Brand-new-2025' }, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', error: 'Your current password is not correct.' });
    const same = await request('PUT', '/api/users/me/password', { current_password: 'Sea-legs-2024', new_password: 'Sea-legs-2024' }, token);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'SAME_PASSWORD' });
    const weak = await request('PUT', '/api/users/me/password', { current_password: 'Sea-legs-2024', new_password: '12' }, token);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('VALIDATION_FAILED');
    // Nothing changed: the session works, the old password signs in.
    expect((await request('GET', '/api/auth/me', undefined, token)).statusCode).toBe(200);
    expect((await signIn('wrong@self.test', 'Sea-legs-2024')).statusCode).toBe(200);
  });

  it('throttles wrong passwords like sign-in (429 with Retry-After)', async () => {
    const { token } = await member('guess@self.test');
    for (let i = 0; i < 4; i++) {
      expect((await request('PUT', '/api/users/me/password', { current_password: `wrong-${i}-x`, new_password: 'Brand-new-2025' }, token, '203.0.113.77')).statusCode).toBe(403);
    }
    const throttled = await request('PUT', '/api/users/me/password', { current_password: 'Sea-legs-2024', new_password: 'Brand-new-2025' }, token, '203.0.113.77');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ends every other session and stream ticket, hands this one a fresh token, and mails a security notice', async () => {
    const { token } = await member('mover@self.test');
    const other = (await signIn('mover@self.test', 'Sea-legs-2024')).json().access_token as string;
    const ticket = (await request('POST', '/api/messages/stream-ticket', undefined, other)).json().ticket as string;

    const changed = await request('PUT', '/api/users/me/password', { current_password: 'Sea-legs-2024', new_password: 'Brand-new-2025' }, token);
    expect(changed.statusCode).toBe(200);
    const body = changed.json<{ message: string; access_token: string }>();
    expect(body.message).toBe('Your password has been changed. Every other session of your account has been signed out.');

    expect((await request('GET', '/api/auth/me', undefined, other)).statusCode).toBe(401);
    expect((await request('GET', '/api/auth/me', undefined, token)).statusCode).toBe(401);
    expect((await request('GET', '/api/auth/me', undefined, body.access_token)).json()).toMatchObject({ email: 'mover@self.test' });
    expect((await request('GET', `/api/messages/stream?ticket=${encodeURIComponent(ticket)}`)).statusCode).toBe(401);

    expect((await signIn('mover@self.test', 'Sea-legs-2024')).statusCode).toBe(401);
    expect((await signIn('mover@self.test', 'Brand-new-2025')).statusCode).toBe(200);

    await waitUntil('the security mail arrives', () => mailsTo('mover@self.test', 'Your Crew Finder password was changed').length === 1);
    const mail = unfolded(mailsTo('mover@self.test', 'Your Crew Finder password was changed')[0]!.raw);
    expect(mail).toContain('every other session of your account was signed out');
    expect(mail).toContain('If it was not, someone knows your old password');
    expect(mail).toContain('http://crew.test/forgot-password');
    // The job named the member by id only.
    const jobs = await runtime.dataSource.query<{ payload: string }[]>(`SELECT payload::text FROM job_queue WHERE payload::text LIKE '%password-changed%'`).catch(() => []);
    for (const job of jobs) expect(job.payload).not.toContain('mover@self.test');
  });
});

/** Rows of read models and state tables for a member: a heavy one has many voyages, messages and reviews. */
async function seedHistory(memberId: string, other: string, counts: { voyages: number; messages: number; reviews: number }, ticket = true): Promise<void> {
  const db = runtime.dataSource;
  await db.query(`INSERT INTO boats (owner_id, name, boat_type, length_feet) VALUES ($1, 'Longstone', 'monohull', 34)`, [memberId]);
  await db.query(
    `INSERT INTO voyage_summaries (voyage_id, skipper_id, status, title, crew_needed, contribution_type, contribution_currency, min_experience, created_at, updated_at, last_commit, last_prepare)
     SELECT gen_random_uuid(), $1, 'completed', 'Farne Islands run ' || n, 4, 'free', 'GBP', 'beginner', now() - make_interval(days => n), now(), 0, 0
       FROM generate_series(1, $2::int) n`,
    [memberId, counts.voyages],
  );
  const [otherVoyage] = await db.query<{ voyage_id: string }[]>(
    `INSERT INTO voyage_summaries (voyage_id, skipper_id, status, title, crew_needed, contribution_type, contribution_currency, min_experience, created_at, updated_at, last_commit, last_prepare)
     VALUES (gen_random_uuid(), $1, 'active', 'Lindisfarne crossing', 4, 'free', 'GBP', 'beginner', now(), now(), 0, 0) RETURNING voyage_id`,
    [other],
  );
  const applicationId = randomUUID();
  await db.query(
    `INSERT INTO applications (application_id, voyage_id, crew_id, status, created_at, updated_at, last_commit, last_prepare) VALUES ($1, $2, $3, 'pending', now(), now(), 0, 0)`,
    [applicationId, otherVoyage!.voyage_id, memberId],
  );
  await db.query(`INSERT INTO application_messages (application_id, voyage_id, crew_id, message) VALUES ($1, $2, $3, 'I row a coble every summer.')`, [
    applicationId,
    otherVoyage!.voyage_id,
    memberId,
  ]);
  const [low, high] = [memberId, other].sort();
  const conversationId = randomUUID();
  await db.query(`INSERT INTO conversations (id, voyage_id, user_low, user_high, started_by, created_at) VALUES ($1, $2, $3, $4, $5, now())`, [
    conversationId,
    otherVoyage!.voyage_id,
    low,
    high,
    memberId,
  ]);
  await db.query(
    `INSERT INTO messages (id, conversation_id, sender_id, body, created_at)
     SELECT gen_random_uuid(), $1, CASE WHEN n % 2 = 0 THEN $2::uuid ELSE $3::uuid END, 'Message number ' || n || ' about the tides off Bamburgh', now()
       FROM generate_series(1, $4::int) n`,
    [conversationId, memberId, other, counts.messages * 2],
  );
  await db.query(
    `INSERT INTO reviews (voyage_id, reviewer_id, reviewee_id, reviewer_role, rating, body, created_at, updated_at, visible_from)
     SELECT voyage_id, $2, $1, 'crew', 5, 'A calm and careful skipper, every time.', now(), now(), now() - interval '1 day'
       FROM voyage_summaries WHERE skipper_id = $1 LIMIT $3`,
    [memberId, other, counts.reviews],
  );
  await db.query(
    `INSERT INTO reviews (voyage_id, reviewer_id, reviewee_id, reviewer_role, rating, body, created_at, updated_at, visible_from)
     VALUES ($1, $2, $3, 'crew', 4, 'Sealed until both sides have written theirs.', now(), now(), now() + interval '10 days')`,
    [otherVoyage!.voyage_id, other, memberId],
  );
  if (ticket) {
    await db.query(
      `INSERT INTO support_tickets (ticket_id, requester_id, title, description, priority, status, source, created_at, updated_at, last_commit, last_prepare)
     VALUES (gen_random_uuid(), $1, 'Cannot upload a photo', 'The upload stops half-way.', 'low', 'open', 'contact_form', now(), now(), 0, 0)`,
      [memberId],
    );
  }
  await db.query(`INSERT INTO mail_preferences (user_id, marketing, unsubscribed_at) VALUES ($1, false, now())`, [memberId]);
}

describe('downloading my data', () => {
  it('streams everything about the member as an attachment, without credentials or sealed reviews', async () => {
    const { id, token } = await member('export@self.test');
    const other = await insertUser(runtime.dataSource, { email: 'neighbour@self.test', firstName: 'William', lastName: 'Darling' });
    await seedHistory(id, other, { voyages: 3, messages: 4, reviews: 2 });

    const response = await request('GET', '/api/users/me/export', undefined, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="crew-finder-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.body).not.toMatch(/password_hash|token_version|two_factor/);
    const data = response.json<Record<string, unknown>>();
    expect(data).toMatchObject({
      format: 'crew-finder-member-export',
      version: 1,
      profile: { id, email: 'export@self.test', first_name: 'Grace', last_name: 'Darling' },
      boats: [expect.objectContaining({ name: 'Longstone' })],
      applications: [expect.objectContaining({ status: 'pending', message: 'I row a coble every summer.', voyage_title: 'Lindisfarne crossing' })],
      reviews_written: [],
      support_tickets: [expect.objectContaining({ title: 'Cannot upload a photo' })],
      mail_preferences: expect.objectContaining({ marketing: false }),
      subscription: null,
    });
    expect(data['voyages_skippered']).toHaveLength(3);
    expect(data['messages_sent']).toHaveLength(4);
    expect((data['messages_sent'] as { to_user_id: string }[]).every((m) => m.to_user_id === other)).toBe(true);
    // Two shown reviews about them; the sealed one stays sealed.
    expect(data['reviews_received']).toHaveLength(2);
  });

  it('answers within 5 s for a member with many voyages and messages', async () => {
    const { id, token } = await member('heavy@self.test');
    const other = await insertUser(runtime.dataSource, { email: 'heavy-other@self.test' });
    await seedHistory(id, other, { voyages: 2_000, messages: 20_000, reviews: 1_000 });
    const started = Date.now();
    const response = await request('GET', '/api/users/me/export', undefined, token);
    const took = Date.now() - started;
    expect(response.statusCode).toBe(200);
    const data = response.json<Record<string, unknown[]>>();
    expect(data['voyages_skippered']).toHaveLength(2_000);
    expect(data['messages_sent']).toHaveLength(20_000);
    expect(data['reviews_received']).toHaveLength(1_000);
    console.info(`export of 2,000 voyages, 20,000 messages, 1,000 reviews: ${took} ms, ${response.body.length} bytes`);
    expect(took).toBeLessThan(5_000);
  }, 60_000);

  it(`allows 3 downloads an hour, then answers 429 TOO_MANY_EXPORTS with Retry-After`, async () => {
    const { token } = await member('often@self.test');
    for (let i = 0; i < 3; i++) expect((await request('GET', '/api/users/me/export', undefined, token)).statusCode).toBe(200);
    const refused = await request('GET', '/api/users/me/export', undefined, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_EXPORTS', error: expect.stringContaining('3 times in the last hour') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
  });

  it('needs a session', async () => {
    expect((await request('GET', '/api/users/me/export')).statusCode).toBe(401);
  });
});

describe('deleting my account', () => {
  it('refuses a wrong password and an administrator, erasing nothing', async () => {
    const { id, token } = await member('keeper@self.test');
    const wrong = await request('DELETE', '/api/users/me', { password: 'not-my-password' }, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    const missing = await request('DELETE', '/api/users/me', {}, token);
    expect(missing.statusCode).toBe(400);
    expect(await runtime.dataSource.query('SELECT id FROM users WHERE id = $1', [id])).toHaveLength(1);
    expect((await request('GET', '/api/auth/me', undefined, token)).statusCode).toBe(200);

    // Test administrators have two-step sign-in on: the code comes with the password.
    const adminId = await insertUser(runtime.dataSource, { email: 'captain@self.test', password: 'Sea-legs-2024', type: 'admin' });
    const admin = { token: runtime.tokens.sign(adminId, 0) };
    const refused = await request('DELETE', '/api/users/me', { password: 'Sea-legs-2024', code: await twoFactorCode() }, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ADMIN_ACCOUNT');
  });

  it('asks for the authenticator code when two-step sign-in is on, and refuses a wrong one', async () => {
    const { id, token } = await member('careful@self.test', 'crew');
    await enableTestTwoFactor(runtime.dataSource, [id]);
    const bare = await request('DELETE', '/api/users/me', { password: 'Sea-legs-2024' }, token);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
    const wrong = await request('DELETE', '/api/users/me', { password: 'Sea-legs-2024', code: '000000' }, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_SECOND_FACTOR' });
    expect(await runtime.dataSource.query('SELECT id FROM users WHERE id = $1', [id])).toHaveLength(1);
    const done = await request('DELETE', '/api/users/me', { password: 'Sea-legs-2024', code: await twoFactorCode() }, token);
    expect(done.statusCode).toBe(200);
    expect(await runtime.dataSource.query('SELECT id FROM users WHERE id = $1', [id])).toHaveLength(0);
  });

  it('cancels the subscription at the provider, erases the account, signs out everywhere and mails a confirmation', async () => {
    const { id, token } = await member('leaving@self.test', 'crew');
    const other = (await signIn('leaving@self.test', 'Sea-legs-2024')).json().access_token as string;
    const neighbour = await insertUser(runtime.dataSource, { email: 'stays@self.test' });
    await seedHistory(id, neighbour, { voyages: 0, messages: 3, reviews: 0 }, false);
    const ticket = await request('POST', '/api/support/tickets', { title: 'Closing my account', description: 'Please tell me what happens to my reviews.' }, token);
    expect(ticket.statusCode).toBe(201);
    await waitUntil('the ticket is projected', async () => (await runtime.dataSource.query('SELECT 1 FROM support_tickets WHERE requester_id = $1', [id])).length === 1);
    const now = Date.now();
    await runtime.repository.execute(
      Subscription,
      subscriptionStreamId(id),
      {
        type: 'RecordPayment',
        providerEventId: 'evt_leaving',
        kind: 'activation',
        checkoutSessionId: 'cs_leaving',
        invoiceId: 'in_leaving',
        providerCustomerId: 'cus_leaving',
        providerSubscriptionId: 'sub_leaving',
        amountPaid: 3000,
        currency: 'gbp',
        periodStart: new Date(now - 86_400_000),
        periodEnd: new Date(now + 300 * 86_400_000),
      },
      { userId: null, correlationId: randomUUID() },
    );
    await waitUntil('the subscription is projected', async () => (await runtime.dataSource.query('SELECT 1 FROM subscriptions WHERE user_id = $1', [id])).length === 1);

    const deleted = await request('DELETE', '/api/users/me', { password: 'Sea-legs-2024' }, token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({
      message: 'Your account has been deleted.',
      confirmation_mailed: true,
      deleted_records: { applications: 1, voyages: 0, boats: 1, support_tickets: 1 },
    });
    expect(providerCalls).toContainEqual({ method: 'DELETE', path: '/v1/subscriptions/sub_leaving' });

    for (const session of [token, other]) expect((await request('GET', '/api/auth/me', undefined, session)).statusCode).toBe(401);
    expect((await signIn('leaving@self.test', 'Sea-legs-2024')).statusCode).toBe(401);
    const left = async (sql: string) => (await runtime.dataSource.query<{ n: number }[]>(sql, [id]))[0]!.n;
    expect(await left('SELECT count(*)::int AS n FROM users WHERE id = $1')).toBe(0);
    expect(await left('SELECT count(*)::int AS n FROM messages WHERE sender_id = $1')).toBe(0);
    expect(await left('SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1')).toBe(0);
    expect(await left('SELECT count(*)::int AS n FROM boats WHERE owner_id = $1')).toBe(0);
    expect(await left(`SELECT count(*)::int AS n FROM support_tickets WHERE requester_id = $1 AND NOT erased`)).toBe(0);

    expect(mailsTo('leaving@self.test', 'Your Crew Finder account has been deleted')).toHaveLength(1);
    const mail = unfolded(mailsTo('leaving@self.test', 'Your Crew Finder account has been deleted')[0]!.raw);
    expect(mail).toContain('Hello Grace,');
    expect(mail).toContain('cancelled with the payment provider');
    // No record anywhere keeps the address.
    await sleep(300);
    expect(
      await runtime.dataSource.query(
        `SELECT id FROM email_messages WHERE recipient = 'leaving@self.test' OR (recipient_id = $1 AND (recipient <> '' OR subject <> '' OR text_body <> '' OR html_body <> ''))`,
        [id],
      ),
    ).toEqual([]);
    expect(await runtime.dataSource.query(`SELECT id FROM job_queue WHERE payload::text LIKE '%leaving@self.test%'`).catch(() => [])).toEqual([]);
  });
});
