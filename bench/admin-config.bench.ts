import { PLATFORM_CONFIG_STREAM, type JsonObject, type PlatformConfigEvent } from '@crew/domain';
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { EnsureFirstAdmin } from '../apps/api/src/modules/accounts/commands/ensure-first-admin.command';
import { GetAdminOverviewHandler } from '../apps/api/src/modules/admin/queries/get-admin-overview.query';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { atMost, createBenchDatabase, figure, median, percentile, round, type BenchResult } from './support';

const USERS = 100_000;
const VOYAGES = 10_000;
const APPLICATIONS = 100_000;
const CONFIG_EVENTS = 10_000;
const ROUNDS = 200;
const WARM_UP = 20;

/**
 * The admin console at scale, in a database of its own: the Platform Overview
 * (GET /api/admin/analytics/overview) with 100,000 users, 10,000 voyages and
 * 100,000 applications, and the configuration as of a past moment
 * (GET /api/admin/config/as-of) over a PlatformConfig stream of 10,000 events.
 *
 * Users are rows of the accounts table; voyages and applications are rows of
 * their read models written by SQL (the overview reads only those tables); the
 * 10,000 config events are appended through the event store port in batches
 * of 500, each with its own time a minute apart, so the as-of fold sees a real
 * stream. Requests go through the whole HTTP stack (Fastify inject, an admin's
 * bearer token), one at a time after a warm-up.
 */
export const runAdminConfigBenchmark = async (_sharedUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const database = await createBenchDatabase();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/crew-bench-admin' });
  const runtime = await startApplication(config, database.url, { info: () => undefined, warn: () => undefined, error: () => undefined }, { http: { logger: false } });
  try {
    const app = runtime.http!;
    const fastify = app.getHttpAdapter().getInstance();
    await fastify.ready();
    try {
      await runtime.get(CommandBus).execute(new EnsureFirstAdmin('bench-admin@crew.test', 'bench-admin-pass-1'));
      const login = await fastify.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bench-admin@crew.test', password: 'bench-admin-pass-1' } });
      const token = login.json<{ access_token: string }>().access_token;
      const get = async (url: string): Promise<{ ms: number; body: string }> => {
        const started = performance.now();
        const response = await fastify.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        return { ms, body: response.body };
      };

      let started = performance.now();
      await runtime.dataSource.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified, created_at)
         SELECT 'bench-' || i || '@crew.test', 'x', 'Bench', 'Sailor ' || i,
                (ARRAY['crew', 'crew', 'crew', 'skipper', 'both'])[1 + i % 5], true, now() - make_interval(days => i % 720)
           FROM generate_series(1, $1) AS i`,
        [USERS - 1],
      );
      await runtime.dataSource.query(
        `INSERT INTO voyage_summaries (voyage_id, skipper_id, status, title, crew_needed, contribution_type, contribution_currency, min_experience,
                                       application_count, pending_count, current_crew_count, created_at, updated_at, last_commit, last_prepare)
         SELECT gen_random_uuid(), (SELECT id FROM users LIMIT 1),
                (ARRAY['active', 'active', 'full', 'in_progress', 'completed', 'cancelled', 'draft'])[1 + i % 7], 'Bench voyage ' || i, 4, 'free', 'GBP', 'beginner',
                10, 2, 1, now(), now(), 0, 0
           FROM generate_series(1, $1) AS i`,
        [VOYAGES],
      );
      await runtime.dataSource.query(
        `INSERT INTO applications (application_id, voyage_id, crew_id, status, created_at, updated_at, last_commit, last_prepare)
         SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), (ARRAY['pending', 'accepted', 'rejected', 'withdrawn'])[1 + i % 4], now(), now(), 0, 0
           FROM generate_series(1, $1) AS i`,
        [APPLICATIONS],
      );
      await runtime.dataSource.query('ANALYZE users; ANALYZE voyage_summaries; ANALYZE applications');
      log(
        `seeded ${USERS.toLocaleString('en')} users, ${VOYAGES.toLocaleString('en')} voyages, ${APPLICATIONS.toLocaleString('en')} applications in ${Math.round(performance.now() - started)} ms`,
      );

      // 10,000 config events, a minute apart, through the event store port.
      started = performance.now();
      const first = Date.now() - CONFIG_EVENTS * 60_000;
      const crew: { id: string }[] = await runtime.dataSource.query(`SELECT id FROM users WHERE user_type = 'crew' LIMIT 200`);
      let rollout = 0;
      let monetization = false;
      const members = new Set<string>();
      let revision: bigint | 'no_stream' = 'no_stream';
      for (let start = 0; start < CONFIG_EVENTS; start += 500) {
        const batch = [];
        for (let i = start; i < Math.min(start + 500, CONFIG_EVENTS); i++) {
          let event: PlatformConfigEvent;
          if (i % 4 === 0) {
            const next = (rollout + 5) % 105;
            event = { type: 'RolloutPercentageChanged', data: { percentage: next, previous: rollout } };
            rollout = next;
          } else if (i % 4 === 1) {
            event = { type: 'MonetizationToggled', data: { enabled: !monetization, previous: monetization } };
            monetization = !monetization;
          } else {
            const userId = crew[i % crew.length]!.id;
            event = members.has(userId)
              ? { type: 'AccessListUserRemoved', data: { listType: 'grandfathered', userId } }
              : { type: 'AccessListUserAdded', data: { listType: 'grandfathered', userId } };
            if (members.has(userId)) members.delete(userId);
            else members.add(userId);
          }
          batch.push({
            id: randomUUID(),
            type: event.type,
            data: event.data as unknown as JsonObject,
            metadata: { userId: null, correlationId: 'bench', causationId: null, timestamp: new Date(first + i * 60_000).toISOString() },
          });
        }
        const appended = await runtime.eventStore.appendToStream(PLATFORM_CONFIG_STREAM, batch, revision);
        revision = appended.nextExpectedRevision;
      }
      log(`appended ${CONFIG_EVENTS.toLocaleString('en')} config events in ${Math.round(performance.now() - started)} ms`);

      // The overview.
      for (let i = 0; i < WARM_UP; i++) await get('/api/admin/analytics/overview');
      const overview: number[] = [];
      for (let i = 0; i < ROUNDS; i++) overview.push((await get('/api/admin/analytics/overview')).ms);
      const sample = JSON.parse((await get('/api/admin/analytics/overview')).body) as {
        user_stats: { total_users: number };
        voyage_stats: { total_voyages: number };
        application_stats: { total_applications: number };
      };
      // The counting itself, unshared: what a request costs when the shared answer is older than 2 s.
      const handler = app.get(GetAdminOverviewHandler);
      const counted: number[] = [];
      for (let i = 0; i < ROUNDS / 4; i++) {
        const t = performance.now();
        await handler.count();
        counted.push(performance.now() - t);
      }
      log(`overview counted afresh p50 ${round(median(counted), 1)} ms, p95 ${round(percentile(counted, 95), 1)} ms`);
      log(
        `overview p50 ${round(median(overview), 1)} ms, p95 ${round(percentile(overview, 95), 1)} ms (users ${sample.user_stats.total_users}, voyages ${sample.voyage_stats.total_voyages}, applications ${sample.application_stats.total_applications})`,
      );

      // As of: the first query reads the whole stream; later ones read only its new tail.
      const moment = (i: number) => encodeURIComponent(new Date(first + ((i * 7_919) % CONFIG_EVENTS) * 60_000 + 30_000).toISOString());
      const cold = (await get(`/api/admin/config/as-of?at=${moment(1)}`)).ms;
      for (let i = 0; i < WARM_UP; i++) await get(`/api/admin/config/as-of?at=${moment(i)}`);
      const asOf: number[] = [];
      for (let i = 0; i < ROUNDS; i++) asOf.push((await get(`/api/admin/config/as-of?at=${moment(i + 100)}`)).ms);
      const last = JSON.parse((await get(`/api/admin/config/as-of?at=${encodeURIComponent(new Date().toISOString())}`)).body) as { events_applied: number };
      if (last.events_applied !== CONFIG_EVENTS) throw new Error(`as-of folded ${last.events_applied} events, expected ${CONFIG_EVENTS}`);
      log(`as-of first query (reads the stream) ${round(cold, 1)} ms; then p50 ${round(median(asOf), 1)} ms, p95 ${round(percentile(asOf, 95), 1)} ms`);

      // The full history, page 1 and a deep page, filtered by key.
      const history: number[] = [];
      for (let i = 0; i < ROUNDS / 4; i++) {
        history.push((await get('/api/admin/config/history?limit=20')).ms);
        history.push((await get(`/api/admin/config/history?key=rollout_percentage&limit=20&offset=${(i * 20) % 2_000}`)).ms);
      }
      return {
        name: 'admin-config',
        title: `Admin console: overview (${USERS / 1000}k users, ${VOYAGES / 1000}k voyages, ${APPLICATIONS / 1000}k applications), config as of (${CONFIG_EVENTS / 1000}k events)`,
        figures: {
          overviewP95: figure('admin overview p95', round(percentile(overview, 95), 1), 'ms', atMost(50)),
          overviewP50: figure('admin overview p50', round(median(overview), 1), 'ms'),
          overviewCountedP95: figure('admin overview counted afresh p95 (no shared answer)', round(percentile(counted, 95), 1), 'ms'),
          asOfP95: figure('config as-of p95 (10k events)', round(percentile(asOf, 95), 1), 'ms', atMost(50)),
          asOfCold: figure('config as-of, first query of a process (reads 10k events)', round(cold, 1), 'ms'),
          historyP95: figure('config history page p95', round(percentile(history, 95), 1), 'ms'),
        },
        details: {
          overviewFreshMs: 2_000,
          users: USERS,
          voyages: VOYAGES,
          applications: APPLICATIONS,
          configEvents: CONFIG_EVENTS,
          rounds: ROUNDS,
          warmUp: WARM_UP,
          overviewSample: sample,
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    await runtime.close();
    await database.drop();
  }
};
