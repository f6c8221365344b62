import type {
  AdminHistoryResponse,
  ApplicationActionResponse,
  MyVoyageReviewsResponse,
  ReviewsToWriteResponse,
  ReviewActionResponse,
  UserReviewsResponse,
  UserVoyagesResponse,
  VoyageApplicationsResponse,
  VoyageResponse,
} from '@crew/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ReviewClock } from '../src/modules/reviews/review-clock';
import type { Application } from '../src/application';
import { sleep, startSmtpServer, waitUntil, type TestSmtpServer } from './support/smtp-server';
import { addUser, callAs, startTestApp, type TestApp } from './support/harness';

/**
 * Voyage completion and double-blind reviews over HTTP: who may review whom
 * and when, the visibility switch (both sides reviewed, or 14 days later on a
 * clock the test moves), editing while hidden, reports, an administrator
 * hiding a review, the review invitations mailed once each over real SMTP,
 * and reviews erased with their author's account.
 */

const DAY = 86_400_000;

let testApp: TestApp;
let inbox: TestSmtpServer;
let runtime: Application;
let app: NestFastifyApplication;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

const call = callAs(() => app, tokens);

const year = new Date().getUTCFullYear() + 1;
/** Voyages these tests complete or check in on depart today: neither is taken before the departure date. */
const today = new Date().toISOString().slice(0, 10);
const legs = [
  { departure_port: 'Cowes', departure_coordinates: [-1.2982, 50.7626], arrival_port: 'Cherbourg', arrival_coordinates: [-1.6217, 49.6453] },
  { departure_port: 'Cherbourg', departure_coordinates: [-1.6217, 49.6453], arrival_port: 'Saint-Malo', arrival_coordinates: [-2.0257, 48.6493] },
];

async function addActor(actor: string, type: 'crew' | 'skipper' | 'admin'): Promise<void> {
  const firstName = actor.charAt(0).toUpperCase() + actor.slice(1);
  ({ id: ids[actor], token: tokens[actor] } = await addUser(runtime, { email: `${actor}@reviews.test`, firstName, lastName: 'Sailor', type }));
}

const review = (actor: string, voyageId: string, reviewee: string, rating = 5, text = 'A calm, careful and generous sailor.') =>
  call('POST', `/api/voyages/${voyageId}/reviews`, actor, { reviewee_id: ids[reviewee], rating, text });
const reviewsOf = async (actor: string) => (await call('GET', `/api/users/${ids[actor]}/reviews`)).body as unknown as UserReviewsResponse;
/** The dashboard's "Reviews to write": voyage id and the first names of whom the actor may still review. */
const toWrite = async (actor: string): Promise<[string, string[]][]> => {
  const response = await call('GET', '/api/reviews/to-write', actor);
  expect(response.status).toBe(200);
  return (response.body as unknown as ReviewsToWriteResponse).voyages.map((v) => [v.voyage.id, v.people.map((p) => p.first_name)]);
};
const setStatus = (voyageId: string, status: string) => call('PUT', `/api/voyages/${voyageId}`, 'skipper', { status });
const invitations = async (): Promise<{ recipient_id: string; dedupe_key: string }[]> =>
  runtime.dataSource.query(`SELECT recipient_id, dedupe_key FROM email_messages WHERE template = 'review-invitation' AND status = 'sent' ORDER BY recipient_id`);

let voyageId = '';
let clock: ReviewClock;
/** How far the review clock runs ahead of real time. */
let offset = 0;

beforeAll(async () => {
  inbox = await startSmtpServer('answer');
  testApp = await startTestApp({ env: { SMTP_URL: inbox.url }, dataDirPrefix: 'crew-reviews-', worker: true });
  ({ runtime, app } = testApp);
  clock = app.get(ReviewClock);
  jest.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + offset));

  await addActor('skipper', 'skipper');
  for (const crew of ['anna', 'ben', 'cleo', 'dora']) await addActor(crew, 'crew');
  await addActor('admin', 'admin');
  const boat = await call('POST', '/api/profile/boats', 'skipper', { name: 'Kingfisher', boat_type: 'monohull', length_feet: 38, capacity: 6 });
  const published = await call('POST', '/api/voyages/', 'skipper', {
    title: 'Channel Islands Hop',
    description: 'Two hops with time ashore.',
    estimated_start_date: today,
    estimated_end_date: `${year}-06-10`,
    contribution_type: 'free',
    boat_id: boat.body['id'],
    requirements: { crew_needed: 4, min_experience: 'beginner', skills: [] },
    is_custom_voyage: false,
    segments: legs,
  });
  expect(published.status).toBe(201);
  voyageId = (published.body as unknown as VoyageResponse).id;
  const message = 'Keen sailor with five seasons of Solent racing.';
  for (const [crew, extra] of [
    ['anna', {}],
    ['ben', { segment_orders: [2] }],
    ['cleo', {}],
  ] as const) {
    const applied = await call('POST', '/api/applications/', crew, { voyage_id: voyageId, message, ...extra });
    expect(applied.status).toBe(201);
    if (crew !== 'cleo') {
      const id = (applied.body as unknown as ApplicationActionResponse).application.id;
      expect((await call('POST', `/api/applications/${id}/accept`, 'skipper')).status).toBe(200);
    }
  }
}, 60_000);

afterAll(async () => {
  await testApp.close();
  await inbox.close();
});

describe('completing a voyage', () => {
  it('refuses reviews before completion', async () => {
    const early = await review('anna', voyageId, 'skipper');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'VOYAGE_NOT_COMPLETED' });
    expect(((await call('GET', `/api/voyages/${voyageId}/reviews/mine`, 'anna')).body as unknown as MyVoyageReviewsResponse).reason).toBe('not_completed');
    expect(await toWrite('anna')).toEqual([]);
    expect(await toWrite('skipper')).toEqual([]);
  });

  it('moves through in progress to completed, and mails the skipper and each accepted crew member one invitation', async () => {
    expect((await setStatus(voyageId, 'in_progress')).status).toBe(200);
    const completed = await setStatus(voyageId, 'completed');
    expect(completed.status).toBe(200);
    expect(completed.body['status']).toBe('completed');
    await waitUntil('three invitations', async () => (await invitations()).length === 3, 15_000);
    const sent = await invitations();
    expect(sent.map((m) => m.recipient_id).sort()).toEqual([ids['skipper'], ids['anna'], ids['ben']].sort());
    for (const mail of sent) {
      expect(mail.dedupe_key).toMatch(new RegExp(`^[0-9a-f-]{36}:${mail.recipient_id}:review-invitation$`));
      expect(mail.dedupe_key).not.toContain('@');
    }
    const toAnna = inbox.messages.filter((m) => m.rcptTo.includes('anna@reviews.test') && /Review your skipper/.test(m.subject ?? ''));
    expect(toAnna).toHaveLength(1);
    expect(inbox.messages.filter((m) => m.rcptTo.includes('cleo@reviews.test') && /Review/.test(m.subject ?? ''))).toHaveLength(0);
    expect(inbox.messages.filter((m) => m.rcptTo.includes('skipper@reviews.test') && /Review your crew/.test(m.subject ?? ''))).toHaveLength(1);
    // The dashboard lists it at once: crew review the skipper, the skipper each crew member; not those who did not sail.
    expect(await toWrite('skipper')).toEqual([[voyageId, ['Anna', 'Ben']]]);
    expect(await toWrite('anna')).toEqual([[voyageId, ['Skipper']]]);
    expect(await toWrite('cleo')).toEqual([]);
    const [entry] = ((await call('GET', '/api/reviews/to-write', 'ben')).body as unknown as ReviewsToWriteResponse).voyages;
    expect(entry).toMatchObject({ voyage: { id: voyageId, title: 'Channel Islands Hop' }, people: [{ id: ids['skipper'], last_name: 'Sailor' }] });
    expect(Date.parse(entry!.closes_at) - Date.now()).toBeGreaterThan(13.9 * DAY);
  });

  it('does not invite anyone again when the status is flipped back and completed again', async () => {
    expect((await setStatus(voyageId, 'in_progress')).status).toBe(200);
    expect((await setStatus(voyageId, 'completed')).status).toBe(200);
    const [{ completions }] = await runtime.dataSource.query<{ completions: number }[]>(
      `SELECT count(*)::int AS completions FROM events WHERE stream_id = $1 AND event_type = 'VoyageCompleted'`,
      [`voyage-${voyageId}`],
    );
    expect(completions).toBe(2);
    await sleep(1500);
    expect(await invitations()).toHaveLength(3);
  });
});

describe('reviews', () => {
  let annaReview = '';

  it('refuses outsiders, crew reviewing crew, oneself and bad input, with the error shape', async () => {
    expect(await review('cleo', voyageId, 'skipper')).toMatchObject({ status: 403, body: { code: 'NOT_VOYAGE_CREW' } });
    expect(await review('dora', voyageId, 'skipper')).toMatchObject({ status: 403, body: { code: 'NOT_VOYAGE_CREW' } });
    expect(await review('anna', voyageId, 'ben')).toMatchObject({ status: 422, body: { code: 'CREW_REVIEWS_SKIPPER_ONLY' } });
    expect(await review('skipper', voyageId, 'cleo')).toMatchObject({ status: 422, body: { code: 'REVIEWEE_NOT_ON_VOYAGE' } });
    expect(await review('anna', voyageId, 'anna')).toMatchObject({ status: 422, body: { code: 'CANNOT_REVIEW_SELF' } });
    expect((await review('anna', voyageId, 'skipper', 6)).status).toBe(400);
    expect((await review('anna', voyageId, 'skipper', 3, '   short text        ')).status).toBe(400);
    expect((await review('anna', voyageId, 'skipper', 3, 'A calm and careful \u0007 skipper on deck.')).status).toBe(400);
    expect((await review('anna', '00000000-0000-4000-8000-000000000000', 'skipper')).status).toBe(404);
    expect((await review('anna', 'not-a-voyage', 'skipper')).status).toBe(404);
    expect((await call('POST', `/api/voyages/${voyageId}/reviews`, undefined, { reviewee_id: ids['skipper'], rating: 5, text: 'x'.repeat(30) })).status).toBe(401);
  });

  it('keeps a first review hidden, once per pair, and lets only its author edit it while hidden', async () => {
    const first = await review('anna', voyageId, 'skipper', 3, '  Good passage planning, a bit quiet.  ');
    expect(first.status).toBe(201);
    const created = (first.body as unknown as ReviewActionResponse).review;
    annaReview = created.id;
    expect(created).toMatchObject({ visible: false, editable: true, rating: 3, text: 'Good passage planning, a bit quiet.', reviewer_role: 'crew' });
    expect(await review('anna', voyageId, 'skipper')).toMatchObject({ status: 409, body: { code: 'ALREADY_REVIEWED' } });
    expect(await reviewsOf('skipper')).toMatchObject({ reviews: [], rating: { average: null, count: 0 } });

    // Written: no longer to write (for Anna); the skipper still has both.
    expect(await toWrite('anna')).toEqual([]);
    expect(await toWrite('skipper')).toEqual([[voyageId, ['Anna', 'Ben']]]);

    expect(await call('PUT', `/api/reviews/${annaReview}`, 'ben', { rating: 1, text: 'Trying to change what Anna wrote.' })).toMatchObject({
      status: 403,
      body: { code: 'NOT_REVIEW_AUTHOR' },
    });
    const edited = await call('PUT', `/api/reviews/${annaReview}`, 'anna', { rating: 4, text: 'Good passage planning and a calm hand.' });
    expect(edited.status).toBe(200);
    expect((edited.body as unknown as ReviewActionResponse).review).toMatchObject({ rating: 4, visible: false });

    const mine = (await call('GET', `/api/voyages/${voyageId}/reviews/mine`, 'skipper')).body as unknown as MyVoyageReviewsResponse;
    expect(mine.open).toBe(true);
    expect(mine.counterparts.map((c) => [c.user.first_name, c.role, c.they_reviewed, c.can_review])).toEqual([
      ['Anna', 'crew', true, true],
      ['Ben', 'crew', false, true],
    ]);
  });

  it('shows both reviews once both sides have reviewed each other, and freezes them', async () => {
    const reply = await review('skipper', voyageId, 'anna', 5, 'Anna was a superb watch leader.');
    expect(reply.status).toBe(201);
    expect((reply.body as unknown as ReviewActionResponse).review.visible).toBe(true);
    expect(await toWrite('skipper')).toEqual([[voyageId, ['Ben']]]);
    expect(await reviewsOf('skipper')).toMatchObject({
      rating: { average: 4, count: 1 },
      reviews: [{ id: annaReview, rating: 4, visible: true, reviewer: { first_name: 'Anna' } }],
    });
    expect(await reviewsOf('anna')).toMatchObject({ rating: { average: 5, count: 1 } });
    expect(await call('PUT', `/api/reviews/${annaReview}`, 'anna', { rating: 1, text: 'Changing my mind after reading his.' })).toMatchObject({
      status: 409,
      body: { code: 'REVIEW_ALREADY_VISIBLE' },
    });
  });

  it('shows a one-sided review 14 days after completion, and closes reviewing then', async () => {
    const benReview = await review('ben', voyageId, 'skipper', 2, 'Too much motoring for my taste.');
    expect(benReview.status).toBe(201);
    const benId = (benReview.body as unknown as ReviewActionResponse).review.id;
    offset += 13 * DAY;
    expect((await reviewsOf('skipper')).rating.count).toBe(1);
    expect(await toWrite('skipper')).toEqual([[voyageId, ['Ben']]]);
    offset += DAY + 60_000;
    // Reviews closed: nothing left to write.
    expect(await toWrite('skipper')).toEqual([]);
    expect(await reviewsOf('skipper')).toMatchObject({ rating: { average: 3, count: 2 }, total: 2 });
    expect((await reviewsOf('skipper')).reviews.map((r) => r.id)).toEqual([benId, annaReview]);
    expect(await call('PUT', `/api/reviews/${benId}`, 'ben', { rating: 5, text: 'Reconsidered: lovely boat.' })).toMatchObject({ status: 409 });
    expect(await review('skipper', voyageId, 'ben')).toMatchObject({ status: 409, body: { code: 'REVIEW_WINDOW_CLOSED' } });
  });

  it('shows the real rating on the voyage page and the applicant cards, and lists completed voyages on profiles', async () => {
    const voyage = (await call('GET', `/api/voyages/${voyageId}`)).body as unknown as VoyageResponse;
    expect(voyage.skipper.rating).toEqual({ average: 3, count: 2 });
    const applications = (await call('GET', `/api/voyages/${voyageId}/applications`, 'skipper')).body as unknown as VoyageApplicationsResponse;
    const byName = Object.fromEntries(applications.applications.map((a) => [a.crew_member.first_name, a.crew_member.rating]));
    expect(byName).toEqual({ Anna: { average: 5, count: 1 }, Ben: { average: null, count: 0 }, Cleo: { average: null, count: 0 } });
    expect((await call('GET', `/api/users/${ids['skipper']}/voyages`)).body as unknown as UserVoyagesResponse).toMatchObject({ skippered_count: 1, crewed_count: 0 });
    expect((await call('GET', `/api/users/${ids['anna']}/voyages`)).body as unknown as UserVoyagesResponse).toMatchObject({
      skippered_count: 0,
      crewed_count: 1,
      crewed: [{ id: voyageId }],
    });
    expect((await call('GET', `/api/users/${ids['cleo']}/voyages`)).body).toMatchObject({ crewed_count: 0 });
    expect((await call('GET', '/api/users/00000000-0000-4000-8000-000000000000/reviews')).status).toBe(404);
    expect((await call('GET', `/api/users/${ids['skipper']}/reviews?page=0`)).status).toBe(400);
  });

  it('takes reports for the support desk, and lets an administrator hide a review out of every average', async () => {
    expect((await call('POST', `/api/reviews/${annaReview}/report`, 'cleo', { reason: 'This is unfair to the skipper.' })).status).toBe(201);
    expect(await call('POST', `/api/reviews/${annaReview}/report`, 'cleo', { reason: 'Again, unfair.' })).toMatchObject({ status: 409, body: { code: 'ALREADY_REPORTED' } });
    expect(await call('POST', `/api/reviews/${annaReview}/report`, 'anna', { reason: 'Reporting myself.' })).toMatchObject({ status: 403, body: { code: 'OWN_REVIEW' } });
    const [report] = await runtime.dataSource.query<{ reason: string; status: string }[]>('SELECT reason, status FROM review_reports WHERE review_id = $1', [annaReview]);
    expect(report).toEqual({ reason: 'This is unfair to the skipper.', status: 'open' });

    expect((await call('POST', `/api/admin/reviews/${annaReview}/hide`, 'skipper', { reason: 'Not allowed' })).status).toBe(403);
    const hidden = await call('POST', `/api/admin/reviews/${annaReview}/hide`, 'admin', { reason: 'Reported and checked' });
    expect(hidden).toMatchObject({ status: 200, body: { review_id: annaReview, hidden_by: ids['admin'], reason: 'Reported and checked' } });
    expect(await call('POST', `/api/admin/reviews/${annaReview}/hide`, 'admin', { reason: 'Again' })).toMatchObject({ status: 409, body: { code: 'REVIEW_ALREADY_HIDDEN' } });
    expect(await reviewsOf('skipper')).toMatchObject({ rating: { average: 2, count: 1 } });
    expect((await reviewsOf('skipper')).reviews.map((r) => r.id)).not.toContain(annaReview);
    const [row] = await runtime.dataSource.query<{ hidden_by: string; hidden_reason: string }[]>('SELECT hidden_by, hidden_reason FROM reviews WHERE id = $1', [annaReview]);
    expect(row).toEqual({ hidden_by: ids['admin'], hidden_reason: 'Reported and checked' });
    const [settled] = await runtime.dataSource.query<{ status: string }[]>('SELECT status FROM review_reports WHERE review_id = $1', [annaReview]);
    expect(settled!.status).toBe('resolved');

    // An administrator action like any other: in the log with ids and the reason only, and in the admin history.
    const events = await runtime.dataSource.query<{ stream_id: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[]>(
      `SELECT stream_id, data, metadata FROM events WHERE event_type = 'AdminActionRecorded' AND data->>'action' = 'review.hidden'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.stream_id).toBe(`admin_actions-review-${annaReview}`);
    expect(events[0]!.data).toEqual({ action: 'review.hidden', subjectType: 'review', subjectId: annaReview, reason: 'Reported and checked', details: {} });
    expect(events[0]!.metadata).toMatchObject({ userId: ids['admin'] });
    const [text] = await runtime.dataSource.query<{ body: string }[]>('SELECT body FROM reviews WHERE id = $1', [annaReview]);
    expect(JSON.stringify(events[0])).not.toContain(text!.body);
    const history = async (path: string) => ((await call('GET', path, 'admin')).body as unknown as AdminHistoryResponse).history;
    const entry = { action: 'review.hidden', subject_type: 'review', subject_id: annaReview, reason: 'Reported and checked', actor_id: ids['admin'], actor_name: 'Admin Sailor' };
    const review = { id: annaReview, voyage_id: voyageId, reviewer_id: ids['anna'], reviewee_id: ids['skipper'] };
    for (const path of [`/api/admin/users/${ids['anna']}/history`, `/api/admin/users/${ids['skipper']}/history`, `/api/admin/voyages/${voyageId}/history`]) {
      expect(await history(path)).toEqual([expect.objectContaining({ ...entry, review })]);
    }
    expect(await history(`/api/admin/users/${ids['ben']}/history`)).toEqual([]);
  });

  it('erases the reviews an account wrote (and those about it) when the account is deleted', async () => {
    expect((await reviewsOf('skipper')).rating.count).toBe(1);
    const deleted = await call('DELETE', `/api/admin/users/${ids['ben']}`, 'admin');
    expect(deleted.status).toBe(200);
    const [{ left }] = await runtime.dataSource.query<{ left: number }[]>('SELECT count(*)::int AS left FROM reviews WHERE reviewer_id = $1 OR reviewee_id = $1', [ids['ben']]);
    expect(left).toBe(0);
    expect(await reviewsOf('skipper')).toMatchObject({ rating: { average: null, count: 0 }, reviews: [] });
  });
});
