import type { DetailedAnalytics } from '@crew/contracts';
import { allProjectors } from '@crew/projections';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { addDays, bucketsOf, dayOf, periodOf, trend } from '../src/modules/analytics/analytics-figures';
import { RecordPageViews } from '../src/modules/analytics/commands/record-page-views.command';
import { PAGE_VIEW_POLICY } from '../src/modules/analytics/page-view-limits';
import { comparePositions, type LogPosition } from '../src/platform/event-store/event-store.port';
import type { Application } from '../src/application';
import { sleep } from './support/smtp-server';
import { call, insertUser, startTestApp, type TestApp } from './support/harness';

/**
 * Platform Analytics over HTTP, every figure against a small data set
 * computed by hand: events appended to the log at chosen times (the
 * projection buckets them by their UTC day), users and reviews written to
 * their tables, page views recorded as beacons at chosen times. The period
 * is the last 7 days (today and the 6 before), the previous one the 7 before.
 */
let testApp: TestApp;
let runtime: Application;
let app: NestFastifyApplication;
let adminToken: string;
let crewToken: string;
const today = dayOf(new Date());
const at = (daysAgo: number, hours = 0, minutes = 0): string => new Date(Date.parse(`${addDays(today, -daysAgo)}T00:00:00Z`) + (hours * 60 + minutes) * 60_000).toISOString();

/** The harness's call from a chosen address; a string body goes as it is, under its own content type when given. */
const inject = (method: 'GET' | 'POST', url: string, options: { token?: string; body?: unknown; contentType?: string; address?: string } = {}) =>
  call(app, method, url, {
    token: options.token,
    remoteAddress: options.address || undefined,
    ...(typeof options.body === 'string' ? { raw: options.body } : { body: options.body }),
    headers: options.body !== undefined && options.contentType ? { 'content-type': options.contentType } : {},
  });
const detailed = async (days: number): Promise<DetailedAnalytics> => {
  const response = await inject('GET', `/api/admin/analytics/detailed?days=${days}`, { token: adminToken });
  expect(response.status).toBe(200);
  return response.body as unknown as DetailedAnalytics;
};

const storedViews = async (): Promise<number> => {
  const [row] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM analytics_page_views');
  return row!.n;
};
const forgetPageViews = async (): Promise<void> => {
  await runtime.dataSource.query('TRUNCATE analytics_page_views, analytics_visits, analytics_visitor_days, analytics_engagement_daily, analytics_dropped_daily');
};

const addUser = async (type: 'crew' | 'skipper' | 'both' | 'admin', name: string, createdAt: string): Promise<string> => {
  return insertUser(runtime.dataSource, { email: `${name.toLowerCase()}@analytics.test`, firstName: name, lastName: 'Sailor', type, createdAt });
};

let last: LogPosition = { commit: 0n, prepare: 0n };
const append = async (streamId: string, events: { type: string; data: Record<string, unknown>; at: string; userId?: string }[]): Promise<void> => {
  const existing = await runtime.eventStore.readStream(streamId);
  const result = await runtime.eventStore.appendToStream(
    streamId,
    events.map((e) => ({
      id: randomUUID(),
      type: e.type,
      data: e.data as never,
      metadata: { userId: e.userId ?? null, correlationId: randomUUID(), causationId: null, timestamp: e.at },
    })),
    existing.length === 0 ? 'no_stream' : BigInt(existing.length - 1),
  );
  if (comparePositions(result.position, last) > 0) last = result.position;
};
const caughtUp = async (): Promise<void> => {
  expect(
    await runtime.progress.waitFor(
      last,
      allProjectors.map((p) => p.name),
      10_000,
    ),
  ).toBe(true);
};

const port = (name: string, coordinates: [number, number]) => ({ name, portId: null, coordinates });
const snapshot = (skipperId: string, title: string, destination: string) => ({
  skipperId,
  details: {
    title,
    description: 'A fine passage with time ashore.',
    startDate: '',
    endDate: '',
    boatId: '',
    minExperience: 'beginner',
    skills: [],
    isCustom: false,
    customNotes: '',
  },
  segments: [
    {
      order: 1,
      departure: port('Cowes', [-1.2982, 50.7626]),
      arrival: port(destination, [-1.6217, 49.6453]),
      distanceNm: 60,
      distanceManualOverride: false,
      crewNeeded: 3,
      estimatedDurationHours: null,
      estimatedDepartureDate: null,
      estimatedArrivalDate: null,
      crossesLand: false,
    },
  ],
  totalDistanceNm: 60,
  crewNeeded: 3,
  contribution: { type: 'free', amount: null, currency: 'GBP', details: '' },
});

const ids: Record<string, string> = {};

beforeAll(async () => {
  testApp = await startTestApp({ dataDirPrefix: 'crew-analytics-' });
  ({ runtime, app } = testApp);
  ids['admin'] = await addUser('admin', 'Ada', at(30));
  adminToken = runtime.tokens.sign(ids['admin'], 0);
}, 60_000);

afterAll(() => testApp.close());

describe('an empty platform', () => {
  it('answers zeros (and no average where there is nothing to average) for every period, with one chart point per day or week', async () => {
    for (const days of [7, 30, 90, 365]) {
      const figures = await detailed(days);
      expect(figures.period).toEqual({
        days,
        start: addDays(today, -(days - 1)),
        end: today,
        previous_start: addDays(today, -(2 * days - 1)),
        bucket: days === 365 ? 'week' : 'day',
      });
      expect(figures.applications).toEqual({
        total_applications: 0,
        applications_trend: 0,
        acceptance_rate: 0,
        acceptance_trend: 0,
        avg_response_time: null,
        response_time_trend: 0,
      });
      expect(figures.satisfaction).toEqual({ avg_rating: null, rating_trend: 0, total_reviews: 0, reviews_trend: 0, completion_rate: 0, completion_trend: 0 });
      expect(figures.engagement.page_views).toBe(0);
      expect(figures.engagement.retention_rate).toBe(0);
      expect(figures.application_breakdown).toEqual({ pending: 0, accepted: 0, rejected: 0 });
      expect(figures.user_growth_chart).toHaveLength(days === 365 ? 53 : days);
      expect(figures.voyage_activity_chart.every((point) => point.created === 0 && point.completed === 0)).toBe(true);
      expect([figures.top_voyages, figures.top_skippers, figures.popular_destinations]).toEqual([[], [], []]);
      expect(figures.dropped_page_views).toEqual({ unknown_route: 0, browser_limit: 0, rate_limit: 0 });
    }
  });
});

describe('page-view beacons', () => {
  const session = randomUUID();
  const now = new Date().toISOString();

  it('records route patterns and answers 201 with the count', async () => {
    const response = await inject('POST', '/api/analytics/page-views', {
      body: {
        session_id: session,
        views: [
          { path: '/voyages/:id', at: now },
          { path: '/', at: now },
        ],
      },
    });
    expect(response).toEqual({ status: 201, body: { recorded: 2 } });
    const rows: { path: string }[] = await runtime.dataSource.query('SELECT path FROM analytics_page_views WHERE session_id = $1 ORDER BY path', [session]);
    expect(rows.map((r) => r.path)).toEqual(['/', '/voyages/:id']);
    await runtime.dataSource.query('TRUNCATE analytics_page_views, analytics_visits, analytics_visitor_days, analytics_engagement_daily');
  });

  it.each([
    ['an id in the path', { session_id: session, views: [{ path: '/voyages/0b7e2d4c-2f5c-4a1e-9a53-0d6f0c2b9a11', at: now }] }],
    ['a number in the path', { session_id: session, views: [{ path: '/users/42', at: now }] }],
    ['a query string', { session_id: session, views: [{ path: '/voyages?search=cowes', at: now }] }],
    ['a full URL', { session_id: session, views: [{ path: 'https://example.com/', at: now }] }],
    ['a path too long', { session_id: session, views: [{ path: `/${'a'.repeat(40)}/${'b'.repeat(40)}/${'c'.repeat(40)}`, at: now }] }],
    ['no views', { session_id: session, views: [] }],
    ['51 views', { session_id: session, views: Array.from({ length: 51 }, () => ({ path: '/', at: now })) }],
    ['a session id that is not a UUID', { session_id: 'me', views: [{ path: '/', at: now }] }],
    ['an impossible date', { session_id: session, views: [{ path: '/', at: '2025-02-30T10:00:00Z' }] }],
    ['a local time', { session_id: session, views: [{ path: '/', at: '2025-02-03T10:00:00+02:00' }] }],
    ['a view from two days ago', { session_id: session, views: [{ path: '/', at: at(2) }] }],
    ['a view an hour ahead', { session_id: session, views: [{ path: '/', at: new Date(Date.now() + 3_600_000).toISOString() }] }],
    ['another field', { session_id: session, views: [{ path: '/', at: now }], user: 'me' }],
  ])('refuses %s with 400 and records nothing', async (_label, body) => {
    const response = await inject('POST', '/api/analytics/page-views', { body });
    expect([response.status, response.body['code']]).toEqual([400, 'VALIDATION_FAILED']);
    const [row] = await runtime.dataSource.query('SELECT count(*)::int AS n FROM analytics_page_views');
    expect(row.n).toBe(0);
  });

  it('refuses a body that is not JSON, and keeps a browser that sends too often to its rate, answering every beacon alike', async () => {
    const text = await inject('POST', '/api/analytics/page-views', { body: 'path=/', contentType: 'text/plain' });
    expect([text.status, text.body['code']]).toEqual([400, 'VALIDATION_FAILED']);
    const flood = randomUUID();
    const answers = new Set<string>();
    for (let i = 0; i < 125; i++)
      answers.add(JSON.stringify(await inject('POST', '/api/analytics/page-views', { body: { session_id: flood, views: [{ path: '/', at: now }] }, address: '192.0.2.1' })));
    expect([...answers]).toEqual([JSON.stringify({ status: 201, body: { recorded: 1 } })]);
    expect(await storedViews()).toBe(PAGE_VIEW_POLICY.viewsPerSessionMinute);
    expect((await detailed(7)).dropped_page_views).toEqual({ unknown_route: 0, browser_limit: 0, rate_limit: 125 - PAGE_VIEW_POLICY.viewsPerSessionMinute });
    await forgetPageViews();
  });

  it('is for administrators only on the reading side', async () => {
    crewToken = runtime.tokens.sign(await addUser('crew', 'Nosy', at(40)), 0);
    expect((await inject('GET', '/api/admin/analytics/detailed?days=7', { token: crewToken })).status).toBe(403);
    expect((await inject('GET', '/api/admin/analytics/detailed?days=7')).status).toBe(401);
    const bad = await inject('GET', '/api/admin/analytics/detailed?days=8', { token: adminToken });
    expect([bad.status, bad.body['code']]).toEqual([400, 'VALIDATION_FAILED']);
    await runtime.dataSource.query(`DELETE FROM users WHERE email = 'nosy@analytics.test'`);
  });
});

describe('inflating the figures', () => {
  afterEach(forgetPageViews);

  it('one client sending thousands of beacons in 10 s, each with a new browser id, gets no more than its address’s share recorded', async () => {
    const started = Date.now() - 10_000;
    const beacons = 2_000;
    const answers = new Map<string, number>();
    for (let sent = 0; sent < beacons; sent += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, (_, k) => {
          const at = new Date(started + Math.floor(((sent + k) * 10_000) / beacons)).toISOString();
          const views = Array.from({ length: 50 }, () => ({ path: '/voyages', at }));
          return inject('POST', '/api/analytics/page-views', { body: { session_id: randomUUID(), views }, address: '198.51.100.7' });
        }),
      );
      for (const answer of batch) answers.set(JSON.stringify(answer), (answers.get(JSON.stringify(answer)) ?? 0) + 1);
    }
    // Every beacon is answered alike, so the client cannot tell what was kept.
    expect(Object.fromEntries(answers)).toEqual({ [JSON.stringify({ status: 201, body: { recorded: 50 } })]: beacons });
    expect(await storedViews()).toBe(PAGE_VIEW_POLICY.viewsPerAddressMinute);
    const figures = await detailed(7);
    expect(figures.engagement.page_views).toBe(PAGE_VIEW_POLICY.viewsPerAddressMinute);
    const [visitors] = await runtime.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM analytics_visitor_days');
    expect(visitors!.n).toBeLessThanOrEqual(PAGE_VIEW_POLICY.browsersPerAddressDay);
    // The rest is counted: browser ids beyond the address's 20, and the admitted browsers' views beyond its 300 a minute.
    expect(figures.dropped_page_views).toEqual({
      unknown_route: 0,
      browser_limit: (beacons - PAGE_VIEW_POLICY.browsersPerAddressDay) * 50,
      rate_limit: PAGE_VIEW_POLICY.browsersPerAddressDay * 50 - PAGE_VIEW_POLICY.viewsPerAddressMinute,
    });
  }, 120_000);

  it('many addresses cannot raise daily actives beyond their share of browser ids each', async () => {
    const addresses = Array.from({ length: 25 }, (_, i) => `203.0.113.${i + 1}`);
    const now = new Date().toISOString();
    for (let round = 0; round < 30; round++) {
      await Promise.all(addresses.map((address) => inject('POST', '/api/analytics/page-views', { body: { session_id: randomUUID(), views: [{ path: '/', at: now }] }, address })));
    }
    const cap = addresses.length * PAGE_VIEW_POLICY.browsersPerAddressDay;
    const figures = await detailed(7);
    expect(figures.engagement.page_views).toBe(cap);
    expect(figures.engagement.daily_active).toBe(Math.round((cap / 7) * 10) / 10);
    expect(figures.dropped_page_views.browser_limit).toBe(addresses.length * 30 - cap);
    // Two /64 networks of IPv6 are two addresses, however many addresses of each are used.
    for (let i = 1; i <= 60; i++) {
      await inject('POST', '/api/analytics/page-views', { body: { session_id: randomUUID(), views: [{ path: '/', at: now }] }, address: `2001:db8:${i % 2}:7::${i.toString(16)}` });
    }
    expect((await detailed(7)).engagement.page_views).toBe(cap + 2 * PAGE_VIEW_POLICY.browsersPerAddressDay);
  }, 60_000);

  it('drops and counts views of paths that are not routes of the web client, with the same answer', async () => {
    const now = new Date().toISOString();
    const views = ['/', '/wp-admin', '/voyages/:id/secret', '/admin/:anything'].map((path) => ({ path, at: now }));
    const response = await inject('POST', '/api/analytics/page-views', { body: { session_id: randomUUID(), views }, address: '192.0.2.50' });
    expect(response).toEqual({ status: 201, body: { recorded: 4 } });
    const rows: { path: string }[] = await runtime.dataSource.query('SELECT path FROM analytics_page_views');
    expect(rows.map((r) => r.path)).toEqual(['/']);
    const figures = await detailed(7);
    expect(figures.engagement.page_views).toBe(1);
    expect(figures.dropped_page_views).toEqual({ unknown_route: 3, browser_limit: 0, rate_limit: 0 });
  });
});

describe('a hand-computed week', () => {
  beforeAll(async () => {
    ids['s1'] = await addUser('skipper', 'Skip', at(20));
    ids['s2'] = await addUser('both', 'Bosun', at(10));
    ids['c1'] = await addUser('crew', 'Cora', at(5));
    ids['c2'] = await addUser('crew', 'Cass', at(3));
    ids['c3'] = await addUser('crew', 'Cleo', at(1));
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    ids['a'] = a;
    ids['b'] = b;
    const [a1, a2, a3, a4, a5] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    // Voyage A (Skip): published 2 days ago, two applications, completed today.
    await append(`voyage-${a}`, [
      { type: 'VoyagePublished', data: snapshot(ids['s1'], 'Solent to Cherbourg', 'Cherbourg'), at: at(2, 9), userId: ids['s1'] },
      { type: 'ApplicationSubmitted', data: { applicationId: a1, crewId: ids['c1'], segmentOrders: [] }, at: at(2, 10), userId: ids['c1'] },
      { type: 'ApplicationSubmitted', data: { applicationId: a2, crewId: ids['c2'], segmentOrders: [] }, at: at(2, 12), userId: ids['c2'] },
      { type: 'ApplicationAccepted', data: { applicationId: a1, crewId: ids['c1'], segmentOrders: [] }, at: at(2, 16), userId: ids['s1'] },
      { type: 'ApplicationRejected', data: { applicationId: a2, crewId: ids['c2'], reason: 'skipper' }, at: at(1, 12), userId: ids['s1'] },
      { type: 'VoyageStatusChanged', data: { status: 'completed', previous: 'active' }, at: at(0, 0, 10), userId: ids['s1'] },
      { type: 'VoyageCompleted', data: { completedAt: at(0, 0, 10), crew: [{ crewId: ids['c1'], segmentOrders: [1] }], invited: [] }, at: at(0, 0, 10), userId: ids['s1'] },
    ]);
    // Voyage B (Skip): a draft 10 days ago, published 3 days ago; one pending application, one withdrawn.
    await append(`voyage-${b}`, [
      { type: 'VoyageDraftSaved', data: snapshot(ids['s1'], 'Round the Channel Islands', 'Guernsey'), at: at(10, 8), userId: ids['s1'] },
      { type: 'VoyagePublished', data: snapshot(ids['s1'], 'Round the Channel Islands', 'Guernsey'), at: at(3, 8), userId: ids['s1'] },
      { type: 'ApplicationSubmitted', data: { applicationId: a3, crewId: ids['c1'], segmentOrders: [] }, at: at(1, 9), userId: ids['c1'] },
      { type: 'ApplicationSubmitted', data: { applicationId: a5, crewId: ids['c3'], segmentOrders: [] }, at: at(1, 10), userId: ids['c3'] },
      { type: 'ApplicationWithdrawn', data: { applicationId: a5, crewId: ids['c3'] }, at: at(0, 0, 5), userId: ids['c3'] },
    ]);
    // Voyage C (Bosun), all in the previous week: published, one application, cancelled.
    await append(`voyage-${c}`, [
      { type: 'VoyagePublished', data: snapshot(ids['s2'], 'Biscay crossing', 'A Coruña'), at: at(9, 0), userId: ids['s2'] },
      { type: 'ApplicationSubmitted', data: { applicationId: a4, crewId: ids['c2'], segmentOrders: [] }, at: at(9, 1), userId: ids['c2'] },
      { type: 'VoyageCancelled', data: { previous: 'active', reason: 'Weather', notifiedCrewIds: [ids['c2']] }, at: at(8, 0), userId: ids['s2'] },
      { type: 'ApplicationRejected', data: { applicationId: a4, crewId: ids['c2'], reason: 'voyage_cancelled' }, at: at(8, 0), userId: ids['s2'] },
    ]);
    // Payments: Cora £30 for a year from 4 days ago (running); Cass £20 twelve days ago, ended 8 days ago.
    const payment = (amountPaid: number, from: string) => ({
      providerEventId: `evt_${randomUUID()}`,
      providerCustomerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
      amountPaid,
      currency: 'gbp',
      periodStart: from,
      periodEnd: new Date(Date.parse(from) + 365 * 86_400_000).toISOString(),
    });
    await append(`subscription-${ids['c1']}`, [{ type: 'SubscriptionActivated', data: payment(3000, at(4, 10)), at: at(4, 10) }]);
    await append(`subscription-${ids['c2']}`, [
      { type: 'SubscriptionActivated', data: payment(2000, at(12, 10)), at: at(12, 10) },
      { type: 'SubscriptionExpired', data: { reason: 'provider_ended', endedAt: at(8, 0), providerEventId: 'evt_end' }, at: at(8, 0) },
    ]);
    await caughtUp();
    // Reviews: Skip rated 4 and 5 yesterday; Bosun rated 3 ten days ago.
    const review = (voyage: string, reviewer: string, reviewee: string, rating: number, createdAt: string) =>
      runtime.dataSource.query(
        `INSERT INTO reviews (voyage_id, reviewer_id, reviewee_id, reviewer_role, rating, body, created_at, updated_at, visible_from)
         VALUES ($1, $2, $3, 'crew', $4, 'A well run boat and a kind skipper.', $5, $5, $5)`,
        [voyage, reviewer, reviewee, rating, createdAt],
      );
    await review(a, ids['c1'], ids['s1'], 4, at(1, 8));
    await review(b, ids['c3'], ids['s1'], 5, at(1, 9));
    await review(c, ids['c2'], ids['s2'], 3, at(10, 9));
    // Page views, each beacon sent a minute after its last view.
    const beacon = (session: string, views: { path: string; at: string }[]) =>
      app.get(CommandBus).execute(new RecordPageViews(session, views, new Date(Date.parse(views[views.length - 1]!.at) + 60_000)));
    const [x, y, z, w, v] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await beacon(x, [
      { path: '/', at: at(3, 9) },
      { path: '/voyages', at: at(3, 9, 5) },
    ]);
    await beacon(x, [{ path: '/voyages/:id', at: at(3, 9, 10) }]);
    await beacon(x, [{ path: '/dashboard', at: at(1, 20) }]);
    await beacon(y, [{ path: '/', at: at(2, 11) }]);
    await beacon(z, [
      { path: '/', at: at(9, 7) },
      { path: '/help', at: at(9, 7, 4) },
    ]);
    await beacon(w, [{ path: '/', at: at(40, 7) }]);
    await beacon(w, [{ path: '/voyages', at: at(2, 7) }]);
    await beacon(v, [{ path: '/', at: at(45, 7) }]);
  }, 60_000);

  it('never shows a trend for a daily average that rounds to the same figure: "0, +100 %" was a contradiction', async () => {
    // 7 browser-days over 365 days is 0.02 a day, shown as 0; the year before had none.
    const figures = await detailed(365);
    expect(figures.engagement).toMatchObject({ daily_active: 0, dau_trend: 0 });
  });

  it('counts growth, engagement, revenue, satisfaction and applications against the week before', async () => {
    const figures = await detailed(7);
    // Sign-ups this week: Cora, Cass, Cleo; the week before: Bosun.
    expect(figures.growth).toEqual({ new_users: 3, user_growth_rate: 200, total_users: 6 });
    expect(figures.engagement).toEqual({
      // Acted this week: Skip (his voyages), Cora, Cass and Cleo (applied or withdrew); Bosun only the week before.
      active_users: 4,
      active_skippers: 1,
      active_crew: 3,
      // Browsers seen per day: X (3 days ago), Y and W (2 days ago), X (yesterday) = 4 over 7 days; the week before Z once.
      // Shown with one decimal, and the trend compares what is shown: 0.6 against 0.1.
      daily_active: 0.6,
      dau_trend: 500,
      // Visits: X twice (10 min, then 0), Y, W (0 each): 600 s over 4 = 2.5 min; the week before Z once for 4 min.
      sessions: 4,
      sessions_trend: 300,
      avg_session_duration: 2.5,
      session_trend: trend(2.5, 4),
      page_views: 6,
      pageview_trend: 200,
      // W and V were seen 31-60 days ago; W came back in the last 30 days: 50 %. A week ago nobody had come back yet.
      retention_rate: 50,
      retention_trend: 100,
    });
    expect(figures.revenue).toEqual({ currency: 'GBP', total_revenue: 30, revenue_trend: 50, arr: 30, conversion_rate: 16.7, activations: 1, renewals: 0, expiries: 0 });
    // Reviews 4 and 5 this week, 3 the week before; A completed this week, C cancelled the week before.
    expect(figures.satisfaction).toEqual({ avg_rating: 4.5, rating_trend: 50, total_reviews: 2, reviews_trend: 100, completion_rate: 100, completion_trend: 100 });
    // a1, a2, a3, a5 this week (a4 the week before); decided this week: a1 accepted after 6 h, a2 rejected after 24 h.
    expect(figures.applications).toEqual({
      total_applications: 4,
      applications_trend: 300,
      acceptance_rate: 50,
      acceptance_trend: 100,
      avg_response_time: 15,
      response_time_trend: 0,
    });
    // This week's applications as they stand: a1 accepted, a2 rejected, a3 pending (a5 withdrawn).
    expect(figures.application_breakdown).toEqual({ pending: 1, accepted: 1, rejected: 1 });
  });

  it('draws the charts, one point a day, and fills the tables', async () => {
    const figures = await detailed(7);
    expect(figures.user_growth_chart.map((p) => p.date)).toEqual(bucketsOf(periodOf(7, new Date())).buckets.map((b) => b.first));
    // Before the week: Ada, Skip, Bosun; Cora joins 5 days ago, Cass 3, Cleo 1.
    expect(figures.user_growth_chart.map((p) => [p.total, p.skippers, p.crew])).toEqual([
      [3, 2, 1],
      [4, 2, 2],
      [4, 2, 2],
      [5, 2, 3],
      [5, 2, 3],
      [6, 2, 4],
      [6, 2, 4],
    ]);
    expect(figures.voyage_activity_chart.map((p) => [p.created, p.completed])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 0],
      [0, 0],
      [0, 1],
    ]);
    expect(figures.top_voyages).toEqual([
      { id: ids['a'], title: 'Solent to Cherbourg', applications: 2, success_rate: 50 },
      { id: ids['b'], title: 'Round the Channel Islands', applications: 2, success_rate: 0 },
    ]);
    expect(figures.top_skippers).toEqual([{ id: ids['s1'], first_name: 'Skip', last_name: 'Sailor', voyage_count: 2, rating: 4.5 }]);
    expect(figures.popular_destinations).toEqual([
      { port: 'Cherbourg', count: 1, percentage: 50 },
      { port: 'Guernsey', count: 1, percentage: 50 },
    ]);
    expect(figures.user_stats).toEqual({ total_users: 6, skippers: 2, crew_members: 4, admins: 1, premium_users: 1 });
  });

  it('over 30 days counts both weeks together, with an empty period before them', async () => {
    const figures = await detailed(30);
    expect(figures.growth).toEqual({ new_users: 5, user_growth_rate: 400, total_users: 6 });
    expect(figures.applications.total_applications).toBe(5);
    expect(figures.applications.acceptance_rate).toBe(33.3);
    expect(figures.application_breakdown).toEqual({ pending: 1, accepted: 1, rejected: 2 });
    expect(figures.revenue.total_revenue).toBe(50);
    expect(figures.satisfaction).toMatchObject({ total_reviews: 3, avg_rating: 4, completion_rate: 50 });
    expect(figures.popular_destinations.map((d) => [d.port, d.percentage])).toEqual([
      ['A Coruña', 33.3],
      ['Cherbourg', 33.3],
      ['Guernsey', 33.3],
    ]);
    expect(figures.top_skippers.map((s) => [s.first_name, s.voyage_count, s.rating])).toEqual([
      ['Skip', 2, 4.5],
      ['Bosun', 1, 3],
    ]);
  });

  it('agrees with the Platform Overview cards on users, premium members, voyages, applications and pending applications', async () => {
    await sleep(2_100);
    const overview = (await inject('GET', '/api/admin/analytics/overview', { token: adminToken })).body as Record<string, Record<string, number>>;
    const figures = await detailed(365);
    expect(figures.user_stats.total_users).toBe(overview['user_stats']!['total_users']);
    expect(figures.user_stats.premium_users).toBe(overview['user_stats']!['premium_users']);
    expect(figures.user_stats.skippers).toBe(overview['user_stats']!['skippers']);
    expect(figures.voyage_stats.total_voyages).toBe(overview['voyage_stats']!['total_voyages']);
    expect(figures.revenue.conversion_rate).toBe(overview['subscription_stats']!['conversion_rate']);
    expect(figures.applications.total_applications).toBe(overview['application_stats']!['total_applications']);
    expect(figures.application_breakdown.pending).toBe(overview['application_stats']!['pending_applications']);
  });
});
