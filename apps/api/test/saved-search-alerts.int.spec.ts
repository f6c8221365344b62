import { Voyage, voyageStreamId, type VoyageCommand, type VoyagePlan } from '@crew/domain';
import { randomUUID } from 'node:crypto';
import { AlertDigests } from '../src/modules/alerts/alert-digests';
import { ManualClock } from '../src/platform/clock';
import { sendEmailJob } from '../src/platform/mail/send-email.job';
import { addUser, call, inject, startTestApp, type TestApp } from './support/harness';
import { startSmtpServer, waitUntil, type ReceivedMail, type TestSmtpServer } from './support/smtp-server';

/**
 * Saved searches and their alerts over real SMTP: instant mails once per
 * search and voyage, digests once per period in the member's time zone,
 * unsubscribe links, and berth watch. The clock the digests read is moved by
 * hand; voyages are recorded through the Voyage aggregate as the API does.
 */
let test: TestApp;
let inbox: TestSmtpServer;
const clock = new ManualClock();
let digests: AlertDigests;
const people = { skipper: { id: '', token: '' }, crew: { id: '', token: '' }, other: { id: '', token: '' }, sailor: { id: '', token: '' } };

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const plan = (title: string, overrides: Partial<VoyagePlan> = {}): VoyagePlan => ({
  title,
  description: 'Cruising at a gentle pace with a friendly crew.',
  startDate: day(40),
  endDate: day(45),
  minExperience: 'beginner',
  skills: [],
  crewNeeded: 2,
  contribution: { type: 'free', amount: null, currency: 'EUR', details: '' },
  isCustom: false,
  customNotes: '',
  stops: [
    { name: 'Cowes', portId: null, coordinates: [-1.3, 50.76] },
    { name: 'Cherbourg', portId: null, coordinates: [-1.62, 49.65] },
  ],
  custom: null,
  ...overrides,
});

const boat = () => ({ id: randomUUID(), ownerId: people.skipper.id, isActive: true });

const publish = async (title: string, overrides: Partial<VoyagePlan> = {}): Promise<string> => {
  const voyageId = randomUUID();
  await test.runtime.repository.execute(
    Voyage,
    voyageStreamId(voyageId),
    { type: 'PublishVoyage', actorId: people.skipper.id, plan: plan(title, overrides), boat: boat() },
    { userId: people.skipper.id, correlationId: randomUUID() },
  );
  return voyageId;
};

const voyageCommand = (voyageId: string, command: VoyageCommand, actor = people.skipper.id) =>
  test.runtime.repository.execute(Voyage, voyageStreamId(voyageId), command, { userId: actor, correlationId: randomUUID() });

const save = (who: keyof typeof people, body: Record<string, unknown>) => call(test.app, 'POST', '/api/saved-searches', { token: people[who].token, body });

/** A header as the reader sees it: unfolded, its RFC 2047 words (quotes make nodemailer encode a subject) decoded. */
const headerOf = (raw: string, name: string): string => {
  const unfolded = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
};

const subjectOf = (mail: ReceivedMail): string => headerOf(mail.raw, 'Subject');

const mailsTo = (address: string, subject?: RegExp): ReceivedMail[] => inbox.messages.filter((m) => m.rcptTo.includes(address) && (!subject || subject.test(subjectOf(m))));

/** The raw message with quoted-printable soft breaks undone. */
const rawOf = (mail: ReceivedMail): string => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

const matchesOf = async (searchId: string): Promise<number> =>
  Number((await test.runtime.dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM saved_search_matches WHERE search_id = $1', [searchId]))[0]?.n);

/** Every queued job has run (the PostgreSQL queue of the test runtime). */
const jobsDone = (): Promise<void> =>
  waitUntil(
    'the queued jobs ran',
    async () => (await test.runtime.dataSource.query<unknown[]>(`SELECT 1 FROM job_queue WHERE status IN ('pending', 'running')`)).length === 0,
    20_000,
  );

const caughtUp = async (): Promise<void> => {
  await waitUntil(
    'the reactor and projections caught up',
    async () => {
      const rows = await test.runtime.dataSource.query<{ behind: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM projection_checkpoints c WHERE c.name IN ('reactor:voyage-alerts', 'voyage-summaries')
                 AND c.log_commit < (SELECT coalesce(max(transaction_id::text::bigint), 0) FROM events)) AS behind`,
      );
      return rows[0]?.behind === false;
    },
    15_000,
  );
};

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  test = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-alerts-', runtimeOptions: { clock }, waitForRunners: true, worker: true });
  people.skipper = await addUser(test.runtime, { email: 'skipper@alerts.test', firstName: 'Ellen', lastName: 'Fastnet', type: 'skipper' });
  people.crew = await addUser(test.runtime, { email: 'crew@alerts.test', firstName: 'Tilly', lastName: 'Smith', type: 'crew' });
  people.other = await addUser(test.runtime, { email: 'other@alerts.test', firstName: 'Olive', lastName: 'Other', type: 'crew' });
  people.sailor = await addUser(test.runtime, { email: 'sailor@alerts.test', firstName: 'Sam', lastName: 'Sailor', type: 'crew' });
  digests = test.runtime.get(AlertDigests);
}, 60_000);

afterAll(async () => {
  await test?.close();
  await inbox?.close();
});

describe('saved searches API', () => {
  it('saves, lists, reads, changes and deletes a member’s own searches, and answers 404 for anyone else’s', async () => {
    const created = await save('crew', {
      name: 'Solent in spring',
      filters: { search: 'cowes', contribution: 'free' },
      bbox: [-2, 50, -1, 51],
      alert: 'daily',
      time_zone: 'Europe/London',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Solent in spring',
      filters: { search: 'cowes', contribution: 'free' },
      bbox: [-2, 50, -1, 51],
      alert: 'daily',
      time_zone: 'Europe/London',
      new_matches: 0,
    });
    const id = String(created.body['id']);
    const list = await call(test.app, 'GET', '/api/saved-searches', { token: people.crew.token });
    expect(list.status).toBe(200);
    expect(list.body['limit']).toBe(20);
    expect((list.body['saved_searches'] as { id: string }[]).map((s) => s.id)).toContain(id);
    expect((await call(test.app, 'GET', `/api/saved-searches/${id}`, { token: people.other.token })).status).toBe(404);
    expect((await call(test.app, 'PATCH', `/api/saved-searches/${id}`, { token: people.other.token, body: { alert: 'off' } })).status).toBe(404);
    expect((await call(test.app, 'DELETE', `/api/saved-searches/${id}`, { token: people.other.token })).status).toBe(404);
    const changed = await call(test.app, 'PATCH', `/api/saved-searches/${id}`, { token: people.crew.token, body: { name: 'Solent', alert: 'weekly', bbox: null } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Solent', alert: 'weekly', bbox: null, filters: { search: 'cowes' } });
    expect((await call(test.app, 'DELETE', `/api/saved-searches/${id}`, { token: people.crew.token })).status).toBe(200);
    expect((await call(test.app, 'GET', `/api/saved-searches/${id}`, { token: people.crew.token })).status).toBe(404);
  });

  it('refuses bad input with the browse filters’ own validation, an unknown time zone, and no session', async () => {
    const refused = async (body: Record<string, unknown>) => (await save('crew', body)).status;
    expect(await refused({ name: 'x', filters: { duration: 'years' }, alert: 'daily' })).toBe(400);
    expect(await refused({ name: 'x', filters: { departure_from: '2026-13-40' }, alert: 'daily' })).toBe(400);
    expect(await refused({ name: 'x', filters: { colour: 'blue' }, alert: 'daily' })).toBe(400);
    expect(await refused({ name: 'x', bbox: [10, 50, 20], alert: 'daily' })).toBe(400);
    expect(await refused({ name: 'x', bbox: [10, 60, 20, 50], alert: 'daily' })).toBe(400);
    expect(await refused({ name: 'x', alert: 'hourly' })).toBe(400);
    expect(await refused({ name: '', alert: 'daily' })).toBe(400);
    const zone = await save('crew', { name: 'x', alert: 'daily', time_zone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await call(test.app, 'POST', '/api/saved-searches', { body: { name: 'x', alert: 'daily' } })).status).toBe(401);
    expect((await call(test.app, 'GET', '/api/saved-searches/not-a-uuid', { token: people.crew.token })).status).toBe(404);
  });

  it('keeps at most 20 searches per member, even when saves race', async () => {
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => save('sailor', { name: `Search ${i}`, alert: 'off' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]?.body).toMatchObject({ code: 'SAVED_SEARCH_LIMIT' });
    await test.runtime.dataSource.query('DELETE FROM saved_searches WHERE user_id = $1', [people.sailor.id]);
  });
});

describe('instant alerts', () => {
  it('mails each matching instant search once, with its own unsubscribe headers, and nothing to a search the voyage does not match', async () => {
    const solent = await save('crew', { name: 'Fastnet from the Solent', filters: { search: 'fastnet' }, bbox: [-2, 50, -1, 51], alert: 'instant' });
    const caribbean = await save('other', { name: 'Caribbean', bbox: [-70, 10, -55, 20], alert: 'instant' });
    const voyageId = await publish('Round the Fastnet race');
    await waitUntil('the alert mail', () => mailsTo('crew@alerts.test', /Round the Fastnet race/).length === 1, 20_000).catch(async (error: unknown) => {
      console.log(
        JSON.stringify(await test.runtime.dataSource.query('SELECT id, status, last_error FROM job_queue')),
        JSON.stringify(await test.runtime.dataSource.query('SELECT * FROM saved_search_matches')),
        JSON.stringify(await test.runtime.dataSource.query('SELECT name, log_commit, last_error FROM projection_checkpoints')),
        JSON.stringify(await test.runtime.dataSource.query('SELECT dedupe_key, status, error FROM email_messages')),
      );
      throw error;
    });
    const [mail] = mailsTo('crew@alerts.test', /Round the Fastnet race/);
    expect(subjectOf(mail!)).toBe('New voyage for "Fastnet from the Solent": Round the Fastnet race');
    const raw = rawOf(mail!);
    expect(raw).toContain(`/voyages/${voyageId}`);
    expect(raw).toContain('/saved-searches');
    expect(headerOf(mail!.raw, 'List-Unsubscribe')).toMatch(/^<http[^>]*\/api\/saved-searches\/unsubscribe\/one-click\?search=[0-9a-f-]+&token=[\w-]+>$/);
    expect(headerOf(mail!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(raw).toMatch(/\/saved-searches\/unsubscribe\?search=[0-9a-f-]+&token=/);

    // Edited, suspended by an administrator and reinstated: the same search and voyage are never mailed twice.
    await voyageCommand(voyageId, { type: 'EditVoyage', actorId: people.skipper.id, plan: plan('Round the Fastnet race, again'), boat: boat() });
    await voyageCommand(voyageId, { type: 'SuspendVoyage', actorId: people.other.id, reason: 'checking' });
    await voyageCommand(voyageId, { type: 'ReinstateVoyage', actorId: people.other.id, reason: 'fine' });
    await caughtUp();
    await jobsDone();
    expect(await matchesOf(String(solent.body['id']))).toBe(1);
    expect(await matchesOf(String(caribbean.body['id']))).toBe(0);
    expect(mailsTo('crew@alerts.test', /Fastnet/)).toHaveLength(1);
    expect(mailsTo('other@alerts.test')).toHaveLength(0);

    const list = await call<{ saved_searches: { id: string; new_matches: number }[] }>(test.app, 'GET', '/api/saved-searches', { token: people.crew.token });
    expect(list.body.saved_searches.find((s) => s.id === solent.body['id'])?.new_matches).toBe(1);
    clock.set(new Date());
    const opened = await call(test.app, 'POST', `/api/saved-searches/${String(solent.body['id'])}/open`, { token: people.crew.token });
    expect(opened.body['new_matches']).toBe(0);

    // A deleted search takes its matches along (a statement trigger does what a foreign key's cascade would).
    expect((await call(test.app, 'DELETE', `/api/saved-searches/${String(solent.body['id'])}`, { token: people.crew.token })).status).toBe(200);
    expect(await matchesOf(String(solent.body['id']))).toBe(0);
  });

  it('sends nothing when the voyage was edited out of the search before its mail went', async () => {
    // The search's alert is off while the voyage is published, so the reactor records the match and queues nothing;
    // its mail is then queued by hand exactly as the reactor queues one, after an edit took the voyage out of the search.
    const saved = await save('other', { name: 'Falmouth', filters: { search: 'falmouth' }, alert: 'off' });
    const searchId = String(saved.body['id']);
    const voyageId = await publish('Falmouth to Scilly');
    await caughtUp();
    expect(await matchesOf(searchId)).toBe(1);
    await voyageCommand(voyageId, { type: 'EditVoyage', actorId: people.skipper.id, plan: plan('Plymouth to Scilly'), boat: boat() });
    await caughtUp();
    await call(test.app, 'PATCH', `/api/saved-searches/${searchId}`, { token: people.other.token, body: { alert: 'instant' } });
    const [match] = await test.runtime.dataSource.query<{ log_commit: string }[]>('SELECT log_commit FROM saved_search_matches WHERE search_id = $1', [searchId]);
    const job = sendEmailJob(`alert.${searchId}.${voyageId}`, {
      template: 'saved-search-alert',
      recipientId: people.other.id,
      params: { baseUrl: 'http://localhost:3000', searchId, voyageId, logCommit: match!.log_commit },
    });
    await test.runtime.dataSource.transaction((manager) => test.runtime.jobQueue.enqueue([job], manager));
    await jobsDone();
    const [recorded] = await test.runtime.dataSource.query<{ status: string; error: string }[]>('SELECT status, error FROM email_messages WHERE dedupe_key = $1', [job.id]);
    expect(recorded).toEqual({ status: 'skipped', error: 'the voyage no longer matches the search' });
    expect(mailsTo('other@alerts.test', /Scilly/)).toHaveLength(0);
  });

  it('finds a map view across the 180° meridian', async () => {
    const pacific = await save('other', { name: 'Fiji and Samoa', bbox: [170, -25, -165, -10], alert: 'off' });
    await publish('Suva to Apia', {
      stops: [
        { name: 'Apia', portId: null, coordinates: [-171.76, -13.83] },
        { name: 'Suva', portId: null, coordinates: [178.44, -18.14] },
      ],
    });
    await publish('Suva to Lautoka', {
      stops: [
        { name: 'Suva', portId: null, coordinates: [178.44, -18.14] },
        { name: 'Lautoka', portId: null, coordinates: [177.45, -17.6] },
      ],
    });
    await publish('Papeete', {
      stops: [
        { name: 'Papeete', portId: null, coordinates: [-149.57, -17.53] },
        { name: 'Moorea', portId: null, coordinates: [-149.83, -17.5] },
      ],
    });
    await caughtUp();
    expect(await matchesOf(String(pacific.body['id']))).toBe(2);
  });
});

describe('daily and weekly digests', () => {
  /** Noon UTC on the first Monday at least `days` days from now. */
  const mondayAfter = (days: number): Date => {
    const at = new Date(Date.now() + days * 86_400_000);
    at.setUTCHours(12, 0, 0, 0);
    while (at.getUTCDay() !== 1) at.setUTCDate(at.getUTCDate() + 1);
    return at;
  };
  /** The voyages a digest lists (once per mail: its text and HTML parts both name them). */
  const voyagesIn = (mails: ReceivedMail[]): string[] => mails.flatMap((mail) => [...new Set([...rawOf(mail).matchAll(/Brittany coast (\w+), from/g)].map((m) => m[1]!))]);

  it('sends one digest per period in the member’s time zone, never a voyage twice, and none when nothing is new', async () => {
    await save('other', { name: 'Brittany', filters: { search: 'brittany' }, alert: 'daily', time_zone: 'Europe/Paris' });
    await save('sailor', { name: 'Brittany weekly', filters: { search: 'brittany' }, alert: 'weekly', time_zone: 'America/New_York' });
    await publish('Brittany coast one');
    await publish('Brittany coast two');
    await caughtUp();
    const tomorrow = new Date(Date.now() + 86_400_000);
    await digests.tick(tomorrow);
    await jobsDone();
    const daily = () => mailsTo('other@alerts.test', /Brittany/);
    expect(daily()).toHaveLength(1);
    expect(subjectOf(daily()[0]!)).toBe('2 new voyages for "Brittany"');
    expect(voyagesIn(daily()).sort()).toEqual(['one', 'two']);
    expect(headerOf(daily()[0]!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The same period again: nothing. A voyage found after the morning's edition waits for the next one, and comes alone.
    expect((await digests.tick(tomorrow)).made).toBe(0);
    await publish('Brittany coast three');
    await caughtUp();
    expect((await digests.tick(tomorrow)).made).toBe(0);
    await digests.tick(new Date(tomorrow.getTime() + 86_400_000));
    await jobsDone();
    expect(daily()).toHaveLength(2);
    expect(subjectOf(daily()[1]!)).toBe('1 new voyage for "Brittany"');
    expect(voyagesIn([daily()[1]!])).toEqual(['three']);

    // Weekly: on the Monday morning of a later week, in New York, every voyage once, and then nothing more that week.
    const monday = mondayAfter(8);
    await digests.tick(monday);
    await jobsDone();
    const weekly = () => mailsTo('sailor@alerts.test', /Brittany/);
    expect(weekly().length).toBeGreaterThanOrEqual(1);
    expect(voyagesIn(weekly()).sort()).toEqual(['one', 'three', 'two']);
    expect((await digests.tick(new Date(monday.getTime() + 2 * 86_400_000))).made).toBe(0);
    // Nothing new anywhere: no digest.
    expect((await digests.tick(mondayAfter(30))).made).toBe(0);
    expect(daily()).toHaveLength(2);
  });

  it('queues a batch again under the same job when a pass stopped before marking it queued, and mails it once', async () => {
    await save('crew', { name: 'Finistère', filters: { search: 'finistere' }, alert: 'daily', time_zone: 'UTC' });
    await publish('Finistere passage');
    await caughtUp();
    const at = new Date(Date.now() + 40 * 86_400_000);
    expect((await digests.tick(at)).made).toBe(1);
    // As if the pass had stopped after queueing: the digest is in its batch, not marked queued.
    const [digest] = await test.runtime.dataSource.query<{ batch_id: string }[]>(
      `WITH unmarked AS (UPDATE saved_search_digests d SET queued_at = NULL FROM saved_searches s WHERE s.id = d.search_id AND s.name = 'Finistère' RETURNING d.batch_id)
       SELECT batch_id FROM unmarked`,
    );
    expect(digest?.batch_id).toEqual(expect.any(String));
    expect(await digests.tick(at)).toMatchObject({ made: 0, queued: 1 });
    await jobsDone();
    const [again] = await test.runtime.dataSource.query<{ batch_id: string }[]>(
      `SELECT d.batch_id FROM saved_search_digests d JOIN saved_searches s ON s.id = d.search_id WHERE s.name = 'Finistère'`,
    );
    expect(again?.batch_id).toBe(digest?.batch_id);
    expect(mailsTo('crew@alerts.test').filter((mail) => subjectOf(mail) === '1 new voyage for "Finistère"')).toHaveLength(1);
  });
});

describe('unsubscribe links', () => {
  it('turns one search’s alert off with the signed one-click link, and refuses a forged one', async () => {
    const saved = await save('crew', { name: 'Unsubscribe me', alert: 'instant' });
    const id = String(saved.body['id']);
    const token = test.runtime.mailLinks.alertToken(id);
    const forged = await inject(test.app, 'POST', `/api/saved-searches/unsubscribe/one-click?search=${id}&token=${'x'.repeat(32)}`, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(403);
    expect(JSON.parse(forged.payload)).toMatchObject({ code: 'INVALID_ALERT_LINK' });
    const oneClick = await inject(test.app, 'POST', `/api/saved-searches/unsubscribe/one-click?search=${id}&token=${token}`, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await call(test.app, 'GET', `/api/saved-searches/${id}`, { token: people.crew.token })).body['alert']).toBe('off');
    const page = await call(test.app, 'POST', '/api/saved-searches/unsubscribe', { body: { search: id, token } });
    expect(page.status).toBe(200);
    expect((await call(test.app, 'POST', '/api/saved-searches/unsubscribe', { body: { search: id, token: 'nope' } })).status).toBe(403);
  });
});

describe('berth watch', () => {
  it('mails each watcher once when a full voyage takes crew again, and refuses to watch a voyage with a free berth', async () => {
    const voyageId = await publish('Full boat to Alderney', { crewNeeded: 1 });
    await caughtUp();
    const early = await call(test.app, 'POST', `/api/voyages/${voyageId}/watch`, { token: people.other.token });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'VOYAGE_NOT_FULL' });
    const applicationId = randomUUID();
    await voyageCommand(
      voyageId,
      { type: 'SubmitApplication', actorId: people.crew.id, actorUserType: 'crew', applicationId, message: 'Keen and able.', segmentOrders: [] },
      people.crew.id,
    );
    await voyageCommand(voyageId, { type: 'AcceptApplication', actorId: people.skipper.id, applicationId });
    await caughtUp();
    expect((await call(test.app, 'POST', `/api/voyages/${voyageId}/watch`, { token: people.other.token })).body).toEqual({ watching: true });
    expect((await call(test.app, 'GET', `/api/voyages/${voyageId}/watch`, { token: people.other.token })).body).toEqual({ watching: true });
    expect((await call(test.app, 'POST', `/api/voyages/${voyageId}/watch`, { token: people.skipper.token })).status).toBe(409);
    const watches = await call<{ watches: { voyage_id: string; title: string }[] }>(test.app, 'GET', '/api/users/me/watches', { token: people.other.token });
    expect(watches.body.watches.map((w) => w.title)).toContain('Full boat to Alderney');

    // The skipper needs one more: the voyage takes crew again.
    await voyageCommand(voyageId, { type: 'EditVoyage', actorId: people.skipper.id, plan: plan('Full boat to Alderney', { crewNeeded: 2 }), boat: boat() });
    await waitUntil('the berth mail', () => mailsTo('other@alerts.test', /A berth is open/).length === 1, 20_000);
    expect(subjectOf(mailsTo('other@alerts.test', /A berth is open/)[0]!)).toBe('A berth is open: Full boat to Alderney');
    expect((await call(test.app, 'GET', `/api/voyages/${voyageId}/watch`, { token: people.other.token })).body).toEqual({ watching: false });
  });
});
