import { analyticsMetricsProjector, subscriptionProjector, voyageSummaryProjector } from '@crew/projections';
import {
  DomainError,
  Subscription,
  Voyage,
  subscriptionStreamId,
  voyageStreamId,
  type DomainEvent,
  type EventMetadata,
  type JsonObject,
  type VoyageCommand,
  type VoyageState,
} from '@crew/domain';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { loadGeneratorPorts } from '../apps/api/src/cli/event-log-generator';
import { generatedPlan } from '../apps/api/src/cli/generated-plan';
import { seededRandom } from '../apps/api/src/cli/seeded-random';
import { hashPassword } from '../apps/api/src/modules/accounts/password-hasher';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { rebuildProjection } from '../apps/api/src/platform/projections/projection-rebuild';
import { startServer, type Server } from './http.bench';
import { atLeast, atMost, createBenchDatabase, figure, median, percentile, round, type BenchResult } from './support';

const USERS = 100_000;
const VOYAGES = 10_000;
const APPLICATIONS_PER_VOYAGE = 20;
const PAYERS = 5_000;
const REVIEWS = 40_000;
const PAGE_VIEWS = 1_000_000;
const VIEWS_PER_VISIT = 5;
const BROWSERS = 40_000;
const QUERIES = 200;
const WARM_UP = 20;
/** Ingestion: browsers, each sending BEACONS_PER_BROWSER beacons of VIEWS_PER_BEACON views, CONNECTIONS at a time. */
const INGEST_BROWSERS = 2_000;
const BEACONS_PER_BROWSER = 3;
const VIEWS_PER_BEACON = 10;
const CONNECTIONS = 32;
const DAY = 86_400_000;
const BENCH_PASSWORD = 'bench-analytics-admin-1';
const ADMIN_EMAIL = 'bench-admin@analytics-bench.example';

const FIRST = [
  'Ellen',
  'Robin',
  'Tilly',
  'Noor',
  'Ben',
  'Grace',
  'Dee',
  'Pete',
  'Tracy',
  'Chay',
  'Clare',
  'Alex',
  'Naomi',
  'Bernard',
  'Isabelle',
  'Kirsten',
  'Sam',
  'Jules',
  'Ann',
  'Lin',
];
const LAST = [
  'MacArthur',
  'Knox',
  'Smith',
  'Ainslie',
  'Hopper',
  'Caffari',
  'Goss',
  'Edwards',
  'Blyth',
  'Francis',
  'Thomas',
  'James',
  'Moitessier',
  'Autissier',
  'Neumann',
  'Lewis',
];
const ROUTES = ['/', '/voyages', '/voyages/:id', '/help', '/help/articles/:slug', '/users/:id', '/dashboard', '/profile', '/messages', '/applications'];

const INSERT_EVENTS_SQL = `
INSERT INTO events (event_id, stream_id, revision, event_type, data, metadata)
SELECT (e->>'i')::uuid, e->>'s', (e->>'r')::bigint, e->>'t', e->'d', e->'m'
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS u(e, ord)
 ORDER BY ord`;

interface Row {
  i: string;
  s: string;
  r: number;
  t: string;
  d: JsonObject;
  m: EventMetadata;
}

/**
 * Platform Analytics at a year's scale, in a database of its own:
 * - 100,000 members (state table) who joined over the last 400 days, 40,000
 *   reviews, and an event log written as the aggregates decide it (like
 *   generateEventLog, straight into the PostgreSQL event store) over the last
 *   year: 10,000 voyages published, 200,000 applications (20 each, half of
 *   them answered hours later, some withdrawn), completions and
 *   cancellations, 5,000 paid subscriptions; the voyage, subscription and
 *   analytics-metrics projections rebuilt from it (the latter timed:
 *   goal 20,000 events/s);
 * - 1,000,000 consented page views over the year (200,000 visits of 5 views
 *   by 40,000 browsers), bulk-inserted into the page-view tables as the
 *   beacon writes them (views, visits, visitor days, day counters).
 * Then the real API in a forked process (API_ROLES=http, TRUST_PROXY=loopback):
 * `GET /api/admin/analytics/detailed?days=365` one at a time as an
 * administrator (p95 goal 100 ms; days=30 beside it), and page-view ingestion
 * through `POST /api/analytics/page-views`: 2,000 new browsers, each behind its
 * own address (X-Forwarded-For), sending 3 beacons of 10 views, 32 at a time
 * (goal 2,000 views/s; every beacon must answer 201 and every view be stored).
 */
export const runAnalyticsBenchmark = async (_sharedDatabaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const database = await createBenchDatabase();
  const dataSource = createDataSource(database.url, { poolSize: 4 });
  const store = new PostgresEventStore({ connectionString: database.url });
  let server: Server | null = null;
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await store.initialize();
    const now = Date.now();
    const yearAgo = now - 365 * DAY;

    // ------------------------------------------------------------ members and reviews (state)
    const seedStarted = performance.now();
    await dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified, profile_complete, created_at)
       SELECT 'member.' || g || '@analytics-bench.example', 'x', ($1::text[])[1 + g % 20], ($2::text[])[1 + (g / 20) % 16],
              (ARRAY['crew', 'crew', 'crew', 'skipper', 'both'])[1 + g % 5], false, true, g % 4 = 0,
              now() - make_interval(secs => (g::float8 / $3::int) * 400 * 86400)
         FROM generate_series(1, $3::int) AS g`,
      [FIRST, LAST, USERS],
    );
    await dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, is_admin, email_verified, profile_complete)
       VALUES ($1, $2, 'Bench', 'Admin', 'admin', true, true, true)`,
      [ADMIN_EMAIL, await hashPassword(BENCH_PASSWORD)],
    );
    const skippers = (await dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE user_type IN ('skipper', 'both') ORDER BY id LIMIT 3000`)).map((r) => r.id);
    const crew = (await dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE user_type IN ('crew', 'both') ORDER BY id`)).map((r) => r.id);
    await dataSource.query(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE user_type IN ('skipper', 'both')),
            c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE user_type = 'crew'),
            sc AS (SELECT count(*) AS n FROM s), cc AS (SELECT count(*) AS n FROM c)
       INSERT INTO reviews (voyage_id, reviewer_id, reviewee_id, reviewer_role, rating, body, created_at, updated_at, visible_from)
       SELECT gen_random_uuid(), c.id, s.id, 'crew', 1 + (g * 7) % 5, 'A well run passage with a calm skipper.', t, t, t
         FROM generate_series(1, $1::int) AS g
         JOIN s ON s.n = 1 + g % (SELECT n FROM sc)
         JOIN c ON c.n = 1 + (g * 13) % (SELECT n FROM cc)
         CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (g::float8 / $1::int) * 365 * 86400) AS t) x`,
      [REVIEWS],
    );

    // ------------------------------------------------------------ the log: voyages, applications, subscriptions
    const next = seededRandom(17);
    const hex = (n: number): string =>
      Math.floor(next() * 16 ** n)
        .toString(16)
        .padStart(n, '0');
    const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(next() * 4)).toString(16)}${hex(3)}-${hex(6)}${hex(6)}`;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const ports = (await loadGeneratorPorts(dataSource)).filter((port) => port.coordinates !== null);
    let rows: Row[] = [];
    let inserting: Promise<unknown> = Promise.resolve();
    let events = 0;
    const flush = async (): Promise<void> => {
      if (rows.length === 0) return;
      const batch = rows;
      rows = [];
      await inserting;
      inserting = dataSource.query(INSERT_EVENTS_SQL, [JSON.stringify(batch)]);
    };
    const record = async (stream: string, revision: number, event: DomainEvent, userId: string | null, at: number): Promise<void> => {
      rows.push({
        i: uuid(),
        s: stream,
        r: revision,
        t: event.type,
        d: event.data,
        m: { userId, correlationId: uuid(), causationId: null, timestamp: new Date(at).toISOString() },
      });
      events++;
      if (rows.length >= 10_000) await flush();
    };

    let applications = 0;
    for (let v = 0; v < VOYAGES; v++) {
      const id = uuid();
      const stream = voyageStreamId(id);
      const skipperId = pick(skippers);
      let state: VoyageState = Voyage.initialState();
      let revision = -1;
      // Published over the year, a little more each month; everything after it stays before now.
      let clock = yearAgo + Math.sqrt(v / VOYAGES) * 350 * DAY + Math.floor(next() * DAY);
      const execute = async (command: VoyageCommand, actor: string): Promise<boolean> => {
        if (clock > now) return false;
        let decided: ReturnType<typeof Voyage.decide>;
        try {
          decided = Voyage.decide(command, state, new Date(clock));
        } catch (error) {
          if (error instanceof DomainError) return false;
          throw error;
        }
        for (const event of decided) {
          state = Voyage.evolve(state, event);
          revision++;
          await record(stream, revision, event, actor, clock);
        }
        return decided.length > 0;
      };
      const stops = [pick(ports), pick(ports)];
      const start = new Date(clock + (7 + Math.floor(next() * 30)) * DAY);
      const plan = { ...generatedPlan(next, stops, start, new Date(start.getTime() + (2 + Math.floor(next() * 10)) * DAY), 'Benchmark voyage.'), crewNeeded: 12 };
      if (!(await execute({ type: 'PublishVoyage', actorId: skipperId, plan, boat: { id: uuid(), ownerId: skipperId, isActive: true } }, skipperId))) continue;
      const submitted: { applicationId: string; crewId: string }[] = [];
      for (let a = 0; a < APPLICATIONS_PER_VOYAGE; a++) {
        clock += Math.floor(next() * 6 * 3_600_000);
        const crewId = pick(crew);
        const applicationId = uuid();
        if (
          await execute(
            { type: 'SubmitApplication', actorId: crewId, actorUserType: 'crew', applicationId, message: 'I would love to join this passage.', segmentOrders: [] },
            crewId,
          )
        ) {
          submitted.push({ applicationId, crewId });
          applications++;
        }
      }
      for (const { applicationId, crewId } of submitted) {
        clock += Math.floor(next() * 4 * 3_600_000);
        const r = next();
        if (r < 0.3) {
          if (!(await execute({ type: 'AcceptApplication', actorId: skipperId, applicationId }, skipperId)))
            await execute({ type: 'RejectApplication', actorId: skipperId, applicationId }, skipperId);
        } else if (r < 0.55) await execute({ type: 'RejectApplication', actorId: skipperId, applicationId }, skipperId);
        else if (r < 0.65) await execute({ type: 'WithdrawApplication', actorId: crewId, applicationId }, crewId);
      }
      clock += (1 + Math.floor(next() * 3)) * DAY;
      const r = next();
      if (r < 0.35) {
        await execute({ type: 'ChangeVoyageStatus', actorId: skipperId, status: 'in_progress' }, skipperId);
        clock += DAY;
        await execute({ type: 'ChangeVoyageStatus', actorId: skipperId, status: 'completed' }, skipperId);
      } else if (r < 0.43) await execute({ type: 'CancelVoyage', actorId: skipperId, reason: 'Weather window closed' }, skipperId);
    }
    for (let p = 0; p < PAYERS; p++) {
      const userId = crew[(p * 7) % crew.length] as string;
      const at = yearAgo + (p / PAYERS) * 364 * DAY;
      const periodStart = new Date(at);
      const decided = Subscription.decide(
        {
          type: 'RecordPayment',
          providerEventId: `evt_${hex(16)}`,
          kind: 'activation',
          invoiceId: `in_${hex(16)}`,
          providerCustomerId: `cus_${hex(12)}`,
          providerSubscriptionId: `sub_${hex(12)}`,
          amountPaid: 3000,
          currency: 'gbp',
          periodStart,
          periodEnd: new Date(at + 365 * DAY),
        },
        Subscription.initialState(),
        periodStart,
      );
      for (const [i, event] of decided.entries()) await record(subscriptionStreamId(userId), i, event, null, at);
    }
    await flush();
    await inserting;
    await dataSource.query('VACUUM ANALYZE events');
    log(`log of ${events} events: ${VOYAGES} voyages, ${applications} applications, ${PAYERS} payments`);

    // ------------------------------------------------------------ projections from the log
    const rebuilt: Record<string, { events: number; milliseconds: number }> = {};
    for (const projector of [voyageSummaryProjector, subscriptionProjector, analyticsMetricsProjector]) {
      const result = await rebuildProjection(projector, store, dataSource);
      rebuilt[projector.name] = { events: result.events, milliseconds: round(result.milliseconds, 0) };
      log(`${projector.name} rebuilt: ${result.events} events in ${Math.round(result.milliseconds)} ms (${Math.round(result.events / (result.milliseconds / 1000))} events/s)`);
    }
    const metrics = rebuilt[analyticsMetricsProjector.name] ?? { events: 0, milliseconds: Number.NaN };
    const [{ submitted }] = await dataSource.query<{ submitted: number }[]>('SELECT coalesce(sum(applications_submitted), 0)::int AS submitted FROM analytics_daily');
    if (submitted !== applications) throw new Error(`analytics_daily counts ${submitted} applications, the log has ${applications}`);

    // ------------------------------------------------------------ a year of page views (state, as the beacon writes them)
    await dataSource.query('SELECT setseed(0.17)');
    await dataSource.query(
      `CREATE TEMP TABLE bench_visits AS
       SELECT md5('browser-' || (g % $2::int))::uuid AS session_id,
              date_trunc('second', now() - interval '1 hour' - make_interval(secs => floor(random() * 364 * 86400))) AS started_at
         FROM generate_series(1, $1::int) AS g`,
      [PAGE_VIEWS / VIEWS_PER_VISIT, BROWSERS],
    );
    await dataSource.query(`DELETE FROM bench_visits a USING bench_visits b WHERE a.ctid < b.ctid AND a.session_id = b.session_id AND a.started_at = b.started_at`);
    await dataSource.query(
      `INSERT INTO analytics_visits (session_id, started_at, ended_at, views)
       SELECT session_id, started_at, started_at + make_interval(secs => 75 * ($1::int - 1)), $1::int FROM bench_visits`,
      [VIEWS_PER_VISIT],
    );
    await dataSource.query(
      `INSERT INTO analytics_page_views (session_id, path, viewed_at)
       SELECT v.session_id, ($2::text[])[1 + (k + abs(hashtext(v.session_id::text))) % array_length($2::text[], 1)], v.started_at + make_interval(secs => 75 * k)
         FROM bench_visits v CROSS JOIN generate_series(0, $1::int - 1) AS k
        ORDER BY 3`,
      [VIEWS_PER_VISIT, ROUTES],
    );
    await dataSource.query(`INSERT INTO analytics_visitor_days (day, session_id) SELECT DISTINCT (started_at AT TIME ZONE 'UTC')::date, session_id FROM bench_visits`);
    await dataSource.query(
      `INSERT INTO analytics_engagement_daily (day, page_views, visitors, visits, visit_seconds)
       SELECT d.day, coalesce(pv.n, 0), coalesce(vd.n, 0), d.visits, d.seconds
         FROM (SELECT (started_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS visits, (count(*) * 75 * ($1::int - 1))::bigint AS seconds FROM bench_visits GROUP BY 1) d
         LEFT JOIN (SELECT (viewed_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM analytics_page_views GROUP BY 1) pv ON pv.day = d.day
         LEFT JOIN (SELECT day, count(*)::int AS n FROM analytics_visitor_days GROUP BY 1) vd ON vd.day = d.day`,
      [VIEWS_PER_VISIT],
    );
    const [{ views }] = await dataSource.query<{ views: number }[]>('SELECT count(*)::int AS views FROM analytics_page_views');
    for (const table of [
      'users',
      'reviews',
      'subscriptions',
      'voyage_summaries',
      'analytics_daily',
      'analytics_voyages',
      'analytics_user_activity',
      'analytics_payments',
      'analytics_page_views',
      'analytics_visits',
      'analytics_visitor_days',
      'analytics_engagement_daily',
    ]) {
      await dataSource.query(`VACUUM ANALYZE ${table}`);
    }
    const seedMs = performance.now() - seedStarted;
    log(`seeded ${USERS} members, ${REVIEWS} reviews, the log and its projections, ${views} page views in ${Math.round(seedMs / 1000)} s`);

    // ------------------------------------------------------------ the API
    server = await startServer('api', database.url, '/api/health/live', { env: { TRUST_PROXY: 'loopback' } });
    const origin = new URL(server.url).origin;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const request = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> =>
      new Promise((resolve) => {
        const outgoing = http.request(`${origin}${url}`, { method, agent, headers }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        });
        outgoing.on('error', (error) => resolve({ status: 0, text: error.message }));
        outgoing.end(body);
      });
    const login = await request('POST', '/api/auth/login', { 'content-type': 'application/json' }, JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_PASSWORD }));
    if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.status} ${login.text}`);
    const auth = { authorization: `Bearer ${(JSON.parse(login.text) as { access_token: string }).access_token}` };

    const measure = async (days: number): Promise<{ samples: number[]; answer: Record<string, unknown> }> => {
      let answer: Record<string, unknown> = {};
      const samples: number[] = [];
      for (let i = 0; i < WARM_UP + QUERIES; i++) {
        const started = performance.now();
        const response = await request('GET', `/api/admin/analytics/detailed?days=${days}`, auth);
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`detailed?days=${days} answered ${response.status}: ${response.text.slice(0, 200)}`);
        if (i >= WARM_UP) samples.push(elapsed);
        answer = JSON.parse(response.text) as Record<string, unknown>;
      }
      return { samples, answer };
    };
    const year = await measure(365);
    const month = await measure(30);
    const yearP95 = round(percentile(year.samples, 95), 1);
    log(
      `detailed?days=365 p50 ${round(median(year.samples), 1)} ms, p95 ${yearP95} ms; days=30 p50 ${round(median(month.samples), 1)} ms, p95 ${round(percentile(month.samples, 95), 1)} ms`,
    );
    const engagement = year.answer['engagement'] as { page_views: number } | undefined;
    const applicationsAnswer = year.answer['applications'] as { total_applications: number } | undefined;
    if ((engagement?.page_views ?? 0) < PAGE_VIEWS * 0.9 || (applicationsAnswer?.total_applications ?? 0) < applications * 0.9) {
      throw new Error(`the year's figures miss the seeded data: ${JSON.stringify({ engagement, applications: applicationsAnswer })}`);
    }

    // Ingestion: new browsers, each behind an address of its own, beacons as the tracker sends them.
    const sessions = Array.from({ length: INGEST_BROWSERS }, () => randomUUID());
    const beacons = Array.from({ length: INGEST_BROWSERS * BEACONS_PER_BROWSER }, (_, i) => {
      const browser = i % INGEST_BROWSERS;
      return {
        browser,
        address: `10.${(browser >> 16) & 255}.${(browser >> 8) & 255}.${browser & 255}`,
        session: sessions[browser] as string,
        round: Math.floor(i / INGEST_BROWSERS),
      };
    });
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    let nextBeacon = 0;
    const ingestStarted = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let beacon = beacons[nextBeacon++]; beacon; beacon = beacons[nextBeacon++]) {
          const base = Date.now() - 10 * 60_000 + beacon.round * 60_000;
          const body = JSON.stringify({
            session_id: beacon.session,
            views: Array.from({ length: VIEWS_PER_BEACON }, (_, k) => ({ path: ROUTES[(beacon.browser + k) % ROUTES.length], at: new Date(base + k * 4_000).toISOString() })),
          });
          const sent = performance.now();
          const response = await request('POST', '/api/analytics/page-views', { 'content-type': 'application/json', 'x-forwarded-for': beacon.address }, body);
          latencies.push(performance.now() - sent);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    agent.destroy();
    const sentViews = beacons.length * VIEWS_PER_BEACON;
    if (statuses.get(201) !== beacons.length) throw new Error(`page-view beacons answered ${JSON.stringify(Object.fromEntries(statuses))}`);
    const [{ stored }] = await dataSource.query<{ stored: number }[]>('SELECT count(*)::int AS stored FROM analytics_page_views');
    if (stored !== views + sentViews) throw new Error(`${stored - views} of ${sentViews} views stored`);
    const viewsPerSecond = round(sentViews / ingestSeconds, 0);
    log(
      `ingested ${sentViews} views in ${beacons.length} beacons in ${round(ingestSeconds, 1)} s: ${viewsPerSecond} views/s (beacon p50 ${round(median(latencies), 1)} ms, p95 ${round(percentile(latencies, 95), 1)} ms)`,
    );

    const metricsRate = round(metrics.events / (metrics.milliseconds / 1000), 0);
    return {
      name: 'analytics',
      title: `Platform Analytics with ${USERS.toLocaleString('en')} members, ${VOYAGES.toLocaleString('en')} voyages, ${applications.toLocaleString('en')} applications and ${views.toLocaleString('en')} page views over a year`,
      figures: {
        detailedYearP95: figure('GET /api/admin/analytics/detailed?days=365 p95', yearP95, 'ms', atMost(100)),
        detailedYearP50: figure('detailed?days=365 p50', round(median(year.samples), 1), 'ms'),
        detailedMonthP95: figure('detailed?days=30 p95', round(percentile(month.samples, 95), 1), 'ms'),
        ingestion: figure('page views ingested through POST /api/analytics/page-views', viewsPerSecond, 'views/s', atLeast(2_000)),
        beaconP95: figure('page-view beacon p95 under that load', round(percentile(latencies, 95), 1), 'ms'),
        metricsRebuild: figure('analytics-metrics rebuild from this log', metricsRate, 'events/s', atLeast(20_000)),
      },
      details: {
        users: USERS,
        voyages: VOYAGES,
        applications,
        payments: PAYERS,
        reviews: REVIEWS,
        eventsInLog: events,
        pageViews: views,
        visits: PAGE_VIEWS / VIEWS_PER_VISIT,
        browsers: BROWSERS,
        seedMs: Math.round(seedMs),
        rebuilt,
        queries: QUERIES,
        warmUp: WARM_UP,
        ingestion: {
          browsers: INGEST_BROWSERS,
          beaconsPerBrowser: BEACONS_PER_BROWSER,
          viewsPerBeacon: VIEWS_PER_BEACON,
          connections: CONNECTIONS,
          seconds: round(ingestSeconds, 2),
          beaconP50Ms: round(median(latencies), 1),
        },
        measured:
          'real HTTP to the API in a forked process (API_ROLES=http, TRUST_PROXY=loopback, each browser behind its own X-Forwarded-For address); one request at a time for the query',
      },
    };
  } finally {
    await server?.stop();
    await store.close();
    if (dataSource.isInitialized) await dataSource.destroy();
    if (process.env['BENCH_KEEP_DATABASE'] === '1') log(`kept database ${database.name}`);
    else await database.drop();
  }
};
