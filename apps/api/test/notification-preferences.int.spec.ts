import type { NotificationPreferences, VoyageResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ManualClock } from '../src/platform/clock';
import { sendEmailJob } from '../src/platform/mail/send-email.job';
import type { Application } from '../src/application';
import { startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, call as request, collectingLogger, type Method, startTestApp, type TestApp } from './support/harness';

/**
 * Notification preferences over HTTP, against real PostgreSQL and a real SMTP
 * server: the switches' defaults, partial changes and refusals; a kind turned
 * off is held back when the mail is sent (an unread-message notice here),
 * recorded as skipped with its reason where the dev mailbox shows it, and
 * never retried, while verification and password-reset mail still arrives;
 * `news` is the campaign opt-out under another name, whichever way it is set.
 */
const warnings: string[] = [];
const MINUTE = 60_000;

let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const clock = new ManualClock();
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = (method: Method, url: string, actor?: string, body?: unknown) => request(app, method, url, { token: actor ? tokens[actor] : undefined, body });
const emailOf = (actor: string) => `${actor}@notifications.test`;
const mailsTo = (actor: string, subject: RegExp) => inbox.messages.filter((m) => m.rcptTo.includes(emailOf(actor)) && subject.test(m.subject ?? ''));
/** A mail's raw text with quoted-printable undone (soft line breaks and =XX bytes, as UTF-8). */
const decoded = (raw: string): string =>
  raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString('utf8'),
  );
const preferencesOf = async (actor: string) => (await call('GET', '/api/users/me/notifications', actor)).body as unknown as NotificationPreferences;

async function addActor(actor: string, type: 'crew' | 'skipper' | 'admin', verified = true): Promise<void> {
  const firstName = actor.charAt(0).toUpperCase() + actor.slice(1);
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: emailOf(actor), firstName, lastName: 'Sailor', type, verified }));
}

const ALL_ON = { application_updates: true, messages: true, reviews: true, saved_search_alerts: true, berth_watch: true, subscription: true, news: true };
const ALWAYS_SENT = ['verification', 'password_reset', 'security', 'account', 'safety'];

/** Every send-email job queued so far has run (sent, skipped or failed for good). */
const mailJobsDone = () =>
  waitUntil('the queued mail has been handled', async () => {
    const [row] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM job_queue WHERE name = 'send-email' AND status IN ('pending', 'running')`);
    return row!.n === 0;
  });

/** The unread-message checks come due: their wait is over (run_at), as the clock says the minutes have passed. */
const unreadChecksComeDue = async (): Promise<void> => {
  await runtime.dataSource.query(`UPDATE job_queue SET run_at = now() WHERE name = 'message-unread-check' AND status = 'pending' AND run_at > now()`);
  await runtime.dataSource.query(`SELECT pg_notify('job_queue', '')`);
  await waitUntil('the due checks have run', async () => {
    const [row] = await runtime.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM job_queue WHERE (name = 'message-unread-check' OR name = 'send-email') AND status IN ('pending', 'running') AND run_at <= now()`,
    );
    return row!.n === 0;
  });
};

/** A voyage of the skipper's; on a busy machine the answer may come before the read model shows it. */
async function createVoyage(title: string): Promise<string> {
  const year = new Date().getUTCFullYear() + 1;
  const response = await call('POST', '/api/voyages/', 'skipper', {
    title,
    description: 'Across the Channel and back.',
    estimated_start_date: `${year}-07-01`,
    estimated_end_date: `${year}-07-08`,
    contribution_type: 'free',
    boat_id: ids['boat'],
    requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
    is_custom_voyage: false,
    segments: [{ departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] }],
  });
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

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-notifications-', logger: collectingLogger(warnings), runtimeOptions: { clock }, worker: true });
  ({ runtime, app } = testApp);
  for (const [actor, type] of [
    ['skipper', 'skipper'],
    ['anna', 'crew'],
    ['ben', 'crew'],
    ['cleo', 'crew'],
    ['admin', 'admin'],
  ] as const) {
    await addActor(actor, type);
  }
  await addActor('newbie', 'crew', false);
  const boat = await call('POST', '/api/profile/boats', 'skipper', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 });
  expect(boat.status).toBe(201);
  ids['boat'] = boat.body['id'] as string;
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

describe('GET and PUT /api/users/me/notifications', () => {
  it('answers every switch on, and the always-sent kinds, for a member who never chose', async () => {
    const answer = await call('GET', '/api/users/me/notifications', 'anna');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ switches: ALL_ON, always_sent: ALWAYS_SENT });
  });

  it('changes only the switches named, answers the new state, and keeps it', async () => {
    const answer = await call('PUT', '/api/users/me/notifications', 'anna', { reviews: false, berth_watch: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ switches: { ...ALL_ON, reviews: false, berth_watch: false }, always_sent: ALWAYS_SENT });
    // A later partial change leaves the earlier one as it was.
    expect((await call('PUT', '/api/users/me/notifications', 'anna', { reviews: true })).body).toMatchObject({ switches: { ...ALL_ON, berth_watch: false } });
    expect(await preferencesOf('anna')).toEqual({ switches: { ...ALL_ON, berth_watch: false }, always_sent: ALWAYS_SENT });
    // Another member's switches are their own.
    expect((await preferencesOf('ben')).switches).toEqual(ALL_ON);
    // The full set is a change too.
    const allOff = Object.fromEntries(Object.keys(ALL_ON).map((kind) => [kind, false]));
    expect((await call('PUT', '/api/users/me/notifications', 'cleo', allOff)).body).toEqual({ switches: allOff, always_sent: ALWAYS_SENT });
    expect((await call('PUT', '/api/users/me/notifications', 'cleo', ALL_ON)).body).toEqual({ switches: ALL_ON, always_sent: ALWAYS_SENT });
  });

  it('refuses an unknown kind, a transactional kind and a value that is not a boolean with 400, changing nothing', async () => {
    const before = await preferencesOf('anna');
    for (const body of [{ marketing: false }, { messages: false, security: false }, { verification: false }, { messages: 'off' }, { messages: null }, []]) {
      const refused = await call('PUT', '/api/users/me/notifications', 'anna', body);
      expect([refused.status, refused.body['code']]).toEqual([400, 'VALIDATION_FAILED']);
      expect(typeof refused.body['error']).toBe('string');
    }
    expect(await preferencesOf('anna')).toEqual(before);
  });

  it('answers 401 to a request without a session', async () => {
    expect((await call('GET', '/api/users/me/notifications')).status).toBe(401);
    const refused = await call('PUT', '/api/users/me/notifications', undefined, { messages: false });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('goes with the account', async () => {
    await addActor('leaver', 'crew');
    await call('PUT', '/api/users/me/notifications', 'leaver', { messages: false, news: false });
    const rowsOf = async () =>
      (
        await runtime.dataSource.query<{ n: number }[]>(
          `SELECT (SELECT count(*) FROM notification_preferences WHERE user_id = $1) + (SELECT count(*) FROM mail_preferences WHERE user_id = $1) AS n`,
          [ids['leaver']],
        )
      )[0]!.n;
    expect(Number(await rowsOf())).toBe(2);
    await runtime.dataSource.query('DELETE FROM users WHERE id = $1', [ids['leaver']]);
    expect(Number(await rowsOf())).toBe(0);
  });
});

describe('a kind of mail turned off', () => {
  it('holds back the unread-message notice while messages are off, records why, and never sends it later', async () => {
    const voyageId = await createVoyage('Solent to Cherbourg');
    expect((await call('PUT', '/api/users/me/notifications', 'skipper', { messages: false })).status).toBe(200);
    // Anna writes to the skipper, who leaves it unread past the 15 minutes.
    expect((await call('POST', '/api/conversations', 'anna', { voyage_id: voyageId, message: 'Is there room for one more?' })).status).toBe(201);
    clock.advance(16 * MINUTE);
    await unreadChecksComeDue();
    await mailJobsDone();
    expect(mailsTo('skipper', /./)).toHaveLength(0);

    // Recorded as skipped, with the reason, and its job is done: no retry.
    const skipped = await runtime.dataSource.query<{ dedupe_key: string; status: string; error: string; recipient: string; attempts: number }[]>(
      `SELECT dedupe_key, status, error, recipient, attempts FROM email_messages WHERE template = 'message-unread' AND recipient_id = $1`,
      [ids['skipper']],
    );
    expect(skipped).toEqual([{ dedupe_key: expect.any(String), status: 'skipped', error: 'turned off: messages', recipient: emailOf('skipper'), attempts: 1 }]);
    const [job] = await runtime.dataSource.query<{ status: string; attempts: number }[]>('SELECT status, attempts FROM job_queue WHERE id = $1', [skipped[0]!.dedupe_key]);
    expect(job).toEqual({ status: 'done', attempts: 1 });

    // Where the dev mailbox reads it: listed as not sent, with the reason.
    const mailbox = await request<{ messages: { template: string; to: string; status: string; reason: string | null }[] }>(app, 'GET', '/dev/mailbox.json');
    expect(mailbox.body.messages).toContainEqual(
      expect.objectContaining({ template: 'message-unread', to: emailOf('skipper'), status: 'skipped', reason: 'turned off: messages' }),
    );
    const page = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain('Skipped (message-unread): turned off: messages');

    // Turned back on, new notices go; the one held back stays held back, even when its job runs again (a replayed event).
    expect((await call('PUT', '/api/users/me/notifications', 'skipper', { messages: true })).status).toBe(200);
    const replay = sendEmailJob('replay', { template: 'message-unread', recipientId: ids['skipper']!, params: {} });
    await runtime.jobQueue.enqueue([{ ...replay, id: skipped[0]!.dedupe_key }], runtime.dataSource.manager);
    expect((await call('POST', '/api/conversations', 'ben', { voyage_id: voyageId, message: 'Do you need crew for the return leg?' })).status).toBe(201);
    clock.advance(16 * MINUTE);
    await unreadChecksComeDue();
    await waitUntil("the skipper is told of Ben's message", () => mailsTo('skipper', /unread message/).length === 1);
    await mailJobsDone();
    expect(mailsTo('skipper', /unread message/).map((m) => m.subject)).toEqual(['You have an unread message from Ben Sailor']);
    // The notice says which switch let it through, and where to change it.
    const notice = decoded(mailsTo('skipper', /unread message/)[0]!.raw);
    expect(notice).toContain('You receive this because “Messages” is on in your notification settings.');
    expect(notice).toContain('Choose which emails you get: http://localhost:3000/profile?tab=notifications');
  });

  it('still sends verification and password-reset mail to a member who turned every switch off', async () => {
    const allOff = Object.fromEntries(Object.keys(ALL_ON).map((kind) => [kind, false]));
    for (const actor of ['skipper', 'newbie']) expect((await call('PUT', '/api/users/me/notifications', actor, allOff)).status).toBe(200);
    expect((await call('POST', '/api/auth/forgot-password', undefined, { email: emailOf('skipper') })).status).toBe(200);
    expect((await call('POST', '/api/auth/resend-verification', undefined, { email: emailOf('newbie') })).status).toBe(200);
    await waitUntil('the reset mail arrives', () => mailsTo('skipper', /password/i).length === 1);
    await waitUntil('the verification mail arrives', () => mailsTo('newbie', /verify/i).length === 1);
    // Always-sent mail carries no switch's footer: no switch could stop it.
    expect(decoded(mailsTo('skipper', /password/i)[0]!.raw)).not.toContain('tab=notifications');
    // A mail is recorded just after the server took it.
    const recorded = (): Promise<{ template: string; status: string }[]> =>
      runtime.dataSource.query<{ template: string; status: string }[]>(
        `SELECT template, status FROM email_messages WHERE recipient_id = ANY($1::uuid[]) AND template IN ('reset-password', 'verify-email') ORDER BY template`,
        [[ids['skipper'], ids['newbie']]],
      );
    await waitUntil('both mails are recorded', async () => (await recorded()).length === 2);
    expect(await recorded()).toEqual([
      { template: 'reset-password', status: 'sent' },
      { template: 'verify-email', status: 'sent' },
    ]);
  });
});

describe('news is the campaign opt-out', () => {
  const mailPreferencesOf = async (actor: string) => (await call('GET', '/api/users/me/mail-preferences', actor)).body;

  it('is one choice, whichever endpoint or link sets it', async () => {
    await addActor('dora', 'crew');
    await addActor('eli', 'crew');
    // Turned off here, it is off for campaigns (the older endpoint says so, and the table campaigns read).
    expect((await call('PUT', '/api/users/me/notifications', 'dora', { news: false })).body).toMatchObject({ switches: { news: false } });
    expect(await mailPreferencesOf('dora')).toEqual({ marketing: false });
    const [row] = await runtime.dataSource.query<{ marketing: boolean; unsubscribed_at: Date | null }[]>(
      'SELECT marketing, unsubscribed_at FROM mail_preferences WHERE user_id = $1',
      [ids['dora']],
    );
    expect(row).toEqual({ marketing: false, unsubscribed_at: expect.any(Date) });
    // Turned back on with the older endpoint, the switch shows it.
    expect((await call('PUT', '/api/users/me/mail-preferences', 'dora', { marketing: true })).status).toBe(200);
    expect((await preferencesOf('dora')).switches.news).toBe(true);
    // The unsubscribe link of a campaign mail turns the same switch off.
    const unsubscribed = await call('POST', '/api/mail/unsubscribe', undefined, { user: ids['eli'], token: runtime.mailLinks.unsubscribeToken(ids['eli']!) });
    expect(unsubscribed.status).toBe(200);
    expect(await preferencesOf('eli')).toEqual({ switches: { ...ALL_ON, news: false }, always_sent: ALWAYS_SENT });
  });

  it('holds back campaign mail queued before the member turned news off', async () => {
    await addActor('fay', 'crew');
    const job = sendEmailJob('campaign-before-opt-out', { template: 'campaign', recipientId: ids['fay']!, params: { subject: 'Autumn regattas', message: 'Join us.' } });
    // Queued while news was on; the worker meets it after the member turned it off.
    await runtime.dataSource.transaction(async (manager) => {
      await runtime.jobQueue.enqueue([job], manager);
      await manager.query(`UPDATE job_queue SET run_at = now() + interval '1 hour' WHERE id = $1`, [job.id]);
    });
    await call('PUT', '/api/users/me/notifications', 'fay', { news: false });
    await runtime.dataSource.query(`UPDATE job_queue SET run_at = now() WHERE id = $1`, [job.id]);
    await runtime.dataSource.query(`SELECT pg_notify('job_queue', '')`);
    await mailJobsDone();
    const [recorded] = await runtime.dataSource.query<{ status: string; error: string }[]>('SELECT status, error FROM email_messages WHERE dedupe_key = $1', [job.id]);
    expect(recorded).toEqual({ status: 'skipped', error: 'turned off: news' });
    expect(mailsTo('fay', /./)).toHaveLength(0);
  });
});
