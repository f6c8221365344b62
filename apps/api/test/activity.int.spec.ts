import { activityProjector } from '@crew/projections';
import type { ActivityItem, ActivityPage, CrewStatsResponse } from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { comparePositions, LOG_START, type LogPosition } from '../src/platform/event-store/event-store.port';
import { rebuildProjection, verifyProjection } from '../src/platform/projections/projection-rebuild';
import type { Application } from '../src/application';
import { addUser, callAs, type Method, startTestApp, type TestApp } from './support/harness';
import { sleep } from './support/smtp-server';

/**
 * The dashboard's recent activity and crew quick stats over HTTP: a crew
 * member and a skipper go through apply, accept, agreement, float plan,
 * messages, completion, reviews; another crew member withdraws and sees a
 * voyage cancelled. Each feed says what happened to its member, newest
 * first, page by page, each item linking to its screen; a stranger's feed
 * shows none of it; once a member is erased, the other's feed names them as
 * removed. The projection rebuilt from the log equals the live one.
 */

let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app, tokens);
/** A change that must succeed; a short pause after it keeps every event's time distinct, so the feed's order is the order of the steps. */
const step = async (method: Method, url: string, actor: string, body?: unknown, status = 200) => {
  const response = await call(method, url, actor, body);
  expect([response.status, response.body]).toEqual([status, expect.anything()]);
  await sleep(5);
  return response.body;
};

async function addActor(actor: string, firstName: string, lastName: string, type: 'crew' | 'skipper' | 'admin'): Promise<void> {
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@activity.test`, firstName, lastName, type }));
}

const checkpoint = async (): Promise<LogPosition> => {
  const rows: { log_commit: string; log_prepare: string }[] = await runtime.dataSource.query(`SELECT log_commit, log_prepare FROM projection_checkpoints WHERE name = 'activity'`);
  return rows[0] ? { commit: BigInt(rows[0].log_commit), prepare: BigInt(rows[0].log_prepare) } : LOG_START;
};
/** The activity projection has applied every event written so far. */
const caughtUp = async (): Promise<void> => {
  const [head] = await runtime.dataSource.query<{ c: string; p: string }[]>(
    'SELECT transaction_id::text AS c, position::text AS p FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  );
  const target = { commit: BigInt(head!.c), prepare: BigInt(head!.p) };
  const deadline = Date.now() + 10_000;
  while (comparePositions(await checkpoint(), target) < 0) {
    if (Date.now() > deadline) throw new Error('the activity projection did not catch up');
    await sleep(20);
  }
};

const feed = async (actor: string, query = ''): Promise<ActivityPage> => {
  await caughtUp();
  const response = await call('GET', `/api/users/me/activity${query}`, actor);
  expect(response.status).toBe(200);
  return response.body as unknown as ActivityPage;
};
/** Every page, following next_cursor. */
const wholeFeed = async (actor: string, limit: number): Promise<{ items: ActivityItem[]; pages: number[] }> => {
  const items: ActivityItem[] = [];
  const pages: number[] = [];
  let cursor: string | null = null;
  do {
    const page: ActivityPage = await feed(actor, `?limit=${limit}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...page.items);
    pages.push(page.items.length);
    cursor = page.next_cursor;
  } while (cursor);
  return { items, pages };
};
/** kind, voyage, the other person's name (or "you" / "removed") and the link of each item. */
const summary = (items: readonly ActivityItem[]) => items.map((item) => [item.kind, item.voyage.title, item.actor === null ? 'you' : (item.actor.name ?? 'removed'), item.link]);
const crewStats = async (actor: string): Promise<CrewStatsResponse> => {
  const response = await call('GET', '/api/users/me/crew-stats', actor);
  expect(response.status).toBe(200);
  return response.body as unknown as CrewStatsResponse;
};

const year = new Date().getUTCFullYear() + 1;
/** Voyages these tests complete or check in on depart today: neither is taken before the departure date. */
const today = new Date().toISOString().slice(0, 10);
const voyage = (title: string, distance: number) => ({
  title,
  description: 'A passage with time ashore.',
  estimated_start_date: today,
  estimated_end_date: `${year}-06-10`,
  boat_id: ids['boat'],
  is_custom_voyage: true,
  requirements: { crew_needed: 3, min_experience: 'beginner', skills: [] },
  segments: [{ departure_custom_location: 'Falmouth', arrival_custom_location: 'Horta', distance_nm: distance }],
});
const message = 'Five seasons of Solent racing and happy on night watches.';
const terms = { duties: 'Watches, galley on rota', leaving_early: 'Crew pay their own way home', insurance: 'Boat insured for crew aboard' };
const HOUR = 3_600_000;

let A = '';
let B = '';
let conversationId = '';
let agreementId = '';

beforeAll(async () => {
  // Every runner holds its lease and has caught up before the first command waits on it (a loaded CI machine is slow to start them).
  testApp = await startTestApp({ dataDirPrefix: 'crew-activity-', waitForRunners: true });
  ({ runtime, app } = testApp);

  await addActor('skipper', 'Sam', 'Skipper', 'skipper');
  await addActor('anna', 'Anna', 'Crew', 'crew');
  await addActor('ben', 'Ben', 'Deckhand', 'crew');
  await addActor('stranger', 'Stan', 'Ger', 'crew');
  await addActor('admin', 'Ada', 'Admin', 'admin');
  ids['boat'] = String((await step('POST', '/api/profile/boats', 'skipper', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 }, 201))['id']);
  A = String((await step('POST', '/api/voyages/', 'skipper', voyage('Falmouth to the Azores', 1200), 201))['id']);
  B = String((await step('POST', '/api/voyages/', 'skipper', voyage('Biscay crossing', 400), 201))['id']);

  // Anna applies and is accepted, is issued an agreement and accepts it; a float plan is filed.
  const applied = await step('POST', '/api/applications/', 'anna', { voyage_id: A, message }, 201);
  ids['annaApplication'] = String((applied['application'] as { id: string }).id);
  await step('POST', `/api/applications/${ids['annaApplication']}/accept`, 'skipper');
  agreementId = String((await step('PUT', `/api/voyages/${A}/agreements/${ids['anna']}`, 'skipper', terms))['id']);
  await step('POST', `/api/agreements/${agreementId}/accept`, 'anna', { version: 1 });
  await step('PUT', `/api/voyages/${A}/float-plan`, 'skipper', {
    departure_at: new Date(Date.now() + HOUR).toISOString(),
    expected_arrival_at: new Date(Date.now() + 3 * HOUR).toISOString(),
    boat_description: 'Sloop, 38 ft, white hull',
    shore_contacts: [{ name: 'Jo Shore', email: 'jo@shore.test' }],
  });
  // Ben applies, then withdraws.
  const benApplied = await step('POST', '/api/applications/', 'ben', { voyage_id: A, message }, 201);
  await step('POST', `/api/applications/${(benApplied['application'] as { id: string }).id}/withdraw`, 'ben');
  // Anna writes three messages the skipper has not read.
  conversationId = String(
    ((await step('POST', '/api/conversations', 'anna', { voyage_id: A, message: 'Shall I bring my own foulies?' }, 201))['conversation'] as { id: string }).id,
  );
  await step('POST', `/api/conversations/${conversationId}/messages`, 'anna', { body: 'And a head torch?' }, 201);
  await step('POST', `/api/conversations/${conversationId}/messages`, 'anna', { body: 'See you on the pontoon.' }, 201);
  // The voyage is sailed, Anna's log confirmed, and they review each other (both written: visible at once).
  await step('PUT', `/api/voyages/${A}`, 'skipper', { status: 'in_progress' });
  await step('PUT', `/api/voyages/${A}`, 'skipper', { status: 'completed' });
  await step('POST', `/api/voyages/${A}/sailing-log/${ids['anna']}/confirm`, 'skipper');
  await step('POST', `/api/voyages/${A}/reviews`, 'anna', { reviewee_id: ids['skipper'], rating: 4, text: 'A calm, careful and generous skipper.' }, 201);
  await step('POST', `/api/voyages/${A}/reviews`, 'skipper', { reviewee_id: ids['anna'], rating: 5, text: 'A calm, careful and generous sailor.' }, 201);
  // Ben applies to the second voyage, which is then cancelled.
  await step('POST', '/api/applications/', 'ben', { voyage_id: B, message }, 201);
  await step('POST', `/api/voyages/${B}/cancel`, 'skipper');
}, 90_000);

afterAll(() => testApp.close());

describe('recent activity', () => {
  it('tells the crew member what happened to their application, newest first, each linking to its screen', async () => {
    const { items } = await wholeFeed('anna', 20);
    expect(summary(items)).toEqual([
      ['review_received', 'Falmouth to the Azores', 'Sam Skipper', `/voyages/${A}#reviews`],
      ['float_plan_filed', 'Falmouth to the Azores', 'Sam Skipper', `/voyages/${A}`],
      ['agreement_issued', 'Falmouth to the Azores', 'Sam Skipper', `/agreements/${agreementId}`],
      ['application_accepted', 'Falmouth to the Azores', 'Sam Skipper', `/voyages/${A}`],
      ['application_sent', 'Falmouth to the Azores', 'you', `/voyages/${A}`],
    ]);
    expect(items[0]).toMatchObject({ rating: 5, count: null, review_id: expect.any(String) });
    expect(items[2]).toMatchObject({ agreement_id: agreementId, application_id: null });
    expect(items[3]).toMatchObject({ application_id: ids['annaApplication'] });
    const times = items.map((item) => Date.parse(item.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('tells the skipper who applied, withdrew, accepted the agreement, wrote and reviewed: one line per conversation', async () => {
    const { items } = await wholeFeed('skipper', 50);
    expect(summary(items)).toEqual([
      ['application_received', 'Biscay crossing', 'Ben Deckhand', `/voyages/${B}/applications`],
      ['review_received', 'Falmouth to the Azores', 'Anna Crew', `/voyages/${A}#reviews`],
      ['messages', 'Falmouth to the Azores', 'Anna Crew', `/messages/${conversationId}`],
      ['application_withdrawn', 'Falmouth to the Azores', 'Ben Deckhand', `/voyages/${A}/applications`],
      ['application_received', 'Falmouth to the Azores', 'Ben Deckhand', `/voyages/${A}/applications`],
      ['agreement_accepted', 'Falmouth to the Azores', 'Anna Crew', `/agreements/${agreementId}`],
      ['application_received', 'Falmouth to the Azores', 'Anna Crew', `/voyages/${A}/applications`],
    ]);
    expect(items[1]).toMatchObject({ rating: 4 });
    expect(items[2]).toMatchObject({ count: 3, conversation_id: conversationId });
    // Nothing of the skipper's own doing, and no message text anywhere.
    expect(JSON.stringify(items)).not.toMatch(/foulies|pontoon|generous/);
  });

  it('tells the other crew member of their withdrawal and of the cancelled voyage (not a rejection)', async () => {
    const { items } = await wholeFeed('ben', 20);
    expect(summary(items)).toEqual([
      ['voyage_cancelled', 'Biscay crossing', 'Sam Skipper', `/voyages/${B}`],
      ['application_sent', 'Biscay crossing', 'you', `/voyages/${B}`],
      ['application_withdrawn', 'Falmouth to the Azores', 'you', `/voyages/${A}`],
      ['application_sent', 'Falmouth to the Azores', 'you', `/voyages/${A}`],
    ]);
  });

  it('pages with before=<cursor>: every item once, in order, the last page without a cursor', async () => {
    const all = (await feed('skipper', '?limit=50')).items;
    const paged = await wholeFeed('skipper', 2);
    expect(paged.pages).toEqual([2, 2, 2, 1]);
    expect(paged.items.map((item) => item.id)).toEqual(all.map((item) => item.id));
    const first = await feed('skipper', '?limit=3');
    expect(first.next_cursor).toEqual(expect.stringMatching(/^\d+\.[emr]:/));
    expect((await feed('skipper', `?before=${encodeURIComponent(first.next_cursor!)}&limit=50`)).items.map((item) => item.id)).toEqual(all.slice(3).map((item) => item.id));
    expect((await feed('skipper')).items).toHaveLength(7);
    for (const bad of ['?limit=0', '?limit=51', '?limit=two', '?before=yesterday', '?before=1.x:abc', '?page=2'])
      expect((await call('GET', `/api/users/me/activity${bad}`, 'skipper')).status).toBe(400);
    expect((await call('GET', '/api/users/me/activity')).status).toBe(401);
  });

  it('shows a stranger none of it', async () => {
    expect(await feed('stranger')).toEqual({ items: [], next_cursor: null });
    expect(await feed('admin')).toEqual({ items: [], next_cursor: null });
  });

  it('drops a conversation from the feed once it is read', async () => {
    expect((await call('POST', `/api/conversations/${conversationId}/read`, 'skipper')).status).toBe(200);
    expect((await feed('skipper')).items.map((item) => item.kind)).not.toContain('messages');
    await step('POST', `/api/conversations/${conversationId}/messages`, 'anna', { body: 'One more thing.' }, 201);
    const items = (await feed('skipper')).items;
    expect(items[0]).toMatchObject({ kind: 'messages', count: 1, actor: { id: ids['anna'], name: 'Anna Crew' } });
  });
});

describe('crew quick stats', () => {
  it('counts applications by status, the verified log and the reviews received', async () => {
    expect(await crewStats('anna')).toEqual({
      applications: { pending: 0, accepted: 1, rejected: 0, withdrawn: 0, expired: 0 },
      voyages_sailed: 1,
      verified_miles: 1200,
      days_at_sea: expect.any(Number),
      reviews: { count: 1, average: 5 },
    });
    expect(await crewStats('ben')).toMatchObject({
      applications: { pending: 0, accepted: 0, rejected: 1, withdrawn: 1, expired: 0 },
      voyages_sailed: 0,
      verified_miles: 0,
      reviews: { count: 0, average: null },
    });
    expect(await crewStats('stranger')).toMatchObject({
      applications: { pending: 0, accepted: 0, rejected: 0, withdrawn: 0 },
      voyages_sailed: 0,
      reviews: { count: 0, average: null },
    });
    expect((await call('GET', '/api/users/me/crew-stats')).status).toBe(401);
  });
});

describe('the activity projection', () => {
  const checksum = async (): Promise<string> => {
    const sums: string[] = [];
    for (const table of activityProjector.tables) {
      const [row] = await runtime.dataSource.query<{ n: number; sum: string }[]>(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM ${table} t`,
      );
      sums.push(`${table}:${row!.n}:${row!.sum}`);
    }
    return sums.join(' ');
  };

  it('holds ids, kinds and times only, and rebuilds into exactly its live rows', async () => {
    await caughtUp();
    const columns = await runtime.dataSource.query<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'activity_feed' AND table_schema = current_schema() ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['member_id', 'event_id', 'kind', 'voyage_id', 'actor_id', 'subject_id', 'at']);
    const live = await checksum();
    expect(live).not.toMatch(/:0:/);
    expect((await rebuildProjection(activityProjector, runtime.eventStore, runtime.dataSource)).parked).toBe(0);
    expect(await checksum()).toBe(live);
    await rebuildProjection(activityProjector, runtime.eventStore, runtime.dataSource, { batchSize: 1 });
    expect(await checksum()).toBe(live);
    expect(await verifyProjection(activityProjector, runtime.eventStore, runtime.dataSource)).toMatchObject({ equal: true });
  });
});

describe('an erased member', () => {
  it('leaves the other member a feed that names them as removed, with their reviews and messages gone', async () => {
    const erased = await call('DELETE', `/api/admin/users/${ids['anna']}`, 'admin');
    expect(erased.status).toBe(200);
    const { items } = await wholeFeed('skipper', 50);
    expect(summary(items)).toEqual([
      ['application_received', 'Biscay crossing', 'Ben Deckhand', `/voyages/${B}/applications`],
      ['application_withdrawn', 'Falmouth to the Azores', 'Ben Deckhand', `/voyages/${A}/applications`],
      ['application_received', 'Falmouth to the Azores', 'Ben Deckhand', `/voyages/${A}/applications`],
      ['agreement_accepted', 'Falmouth to the Azores', 'removed', `/agreements/${agreementId}`],
      ['application_received', 'Falmouth to the Azores', 'removed', `/voyages/${A}/applications`],
    ]);
    expect(items[3]!.actor).toEqual({ id: ids['anna'], name: null });
    expect(JSON.stringify(items)).not.toMatch(/Anna/);
    // A rebuild gives the same rows: nothing in them came from her account.
    const before = await runtime.dataSource.query('SELECT * FROM activity_feed ORDER BY member_id, event_id');
    await rebuildProjection(activityProjector, runtime.eventStore, runtime.dataSource);
    expect(await runtime.dataSource.query('SELECT * FROM activity_feed ORDER BY member_id, event_id')).toEqual(before);
  });
});
