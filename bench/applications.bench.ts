import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { hashPassword } from '../apps/api/src/modules/accounts/password-hasher';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication, type Application } from '../apps/api/src/application';
import { figure, median, percentile, quietLogger, round, type BenchResult } from './support';

const APPLICANTS = 200;
const CREW_NEEDED = 6;
/** The skipper's two clients each try to accept the first ACCEPT_TRIES applications. */
const ACCEPT_TRIES = 40;

/**
 * A crowd applying to one voyage: 200 crew apply at once, split over two API
 * processes (two runtimes on one database, so writers really race across
 * processes), then the skipper accepts from two clients in parallel. Latency
 * is the whole HTTP request through Fastify (inject: no socket time),
 * including the wait until the read models show the change.
 */
export const runApplicationsBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const runtimes: Application[] = [];
  const apps: NestFastifyApplication[] = [];
  try {
    for (const role of ['projector', 'api-only'] as const) {
      const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-applications-')) });
      const runtime = await startApplication(config, databaseUrl, quietLogger, { http: { logger: false } });
      if (role === 'projector') runtime.startProjectors();
      const app = runtime.http!;
      await app.getHttpAdapter().getInstance().ready();
      runtimes.push(runtime);
      apps.push(app);
    }
    const [first] = runtimes;
    if (!first) throw new Error('no runtime');
    const call = async (via: number, method: 'POST', url: string, token: string, body?: unknown) => {
      const response = await apps[via]!.getHttpAdapter()
        .getInstance()
        .inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          payload: body ? JSON.stringify(body) : undefined,
        });
      return { status: response.statusCode, body: response.json() as Record<string, unknown> };
    };

    const run = Date.now();
    const password = await hashPassword('bench-pass-1');
    const insertUser = async (email: string, type: 'crew' | 'skipper'): Promise<string> => {
      const [row] = await first.dataSource.query<{ id: string }[]>(
        `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified) VALUES ($1, $2, 'Bench', 'Sailor', $3, true) RETURNING id`,
        [email, password, type],
      );
      return first.tokens.sign(row!.id, 0);
    };
    const skipper = await insertUser(`bench-skipper-${run}@crew.test`, 'skipper');
    const crew = await Promise.all(Array.from({ length: APPLICANTS }, (_, i) => insertUser(`bench-crew-${run}-${i}@crew.test`, 'crew')));
    const boat = await call(0, 'POST', '/api/profile/boats', skipper, { name: 'Bench Boat', boat_type: 'monohull', length_feet: 40, capacity: 8 });
    const year = new Date().getUTCFullYear() + 1;
    const voyage = await call(0, 'POST', '/api/voyages/', skipper, {
      title: 'Popular Atlantic Crossing',
      estimated_start_date: `${year}-11-20`,
      estimated_end_date: `${year}-12-12`,
      boat_id: boat.body['id'],
      is_custom_voyage: true,
      requirements: { crew_needed: CREW_NEEDED, min_experience: 'beginner', skills: [] },
      segments: [{ departure_custom_location: 'Las Palmas', arrival_custom_location: 'Rodney Bay', distance_nm: 2700 }],
    });
    if (voyage.status !== 201) throw new Error(`publishing the voyage answered ${voyage.status}`);
    const voyageId = voyage.body['id'] as string;

    const counters = () =>
      runtimes.reduce(
        (sum, r) => ({
          retried: sum.retried + r.repository.conflictsRetried,
          appends: sum.appends + r.repository.appendsMade,
          commands: sum.commands + r.repository.commandsAppended,
        }),
        { retried: 0, appends: 0, commands: 0 },
      );
    const before = counters();
    const applyTimes: number[] = [];
    const applied = await Promise.all(
      crew.map(async (token, i) => {
        const started = performance.now();
        const response = await call(i % 2, 'POST', '/api/applications/', token, { voyage_id: voyageId, message: 'Two Atlantic crossings, happy on night watches.' });
        applyTimes.push(performance.now() - started);
        return response;
      }),
    );
    const failedApplies = applied.filter((r) => r.status !== 201);
    if (failedApplies.length > 0) throw new Error(`${failedApplies.length} applications failed, e.g. ${JSON.stringify(failedApplies[0]?.body)}`);
    const afterApplies = counters();
    const ids = applied.map((r) => (r.body['application'] as { id: string }).id);

    const acceptTimes: number[] = [];
    const accepted = await Promise.all(
      [0, 1].flatMap((client) =>
        ids.slice(0, ACCEPT_TRIES).map(async (id) => {
          const started = performance.now();
          const response = await call(client, 'POST', `/api/applications/${id}/accept`, skipper);
          acceptTimes.push(performance.now() - started);
          return response;
        }),
      ),
    );
    const afterAccepts = counters();
    if (accepted.some((r) => r.status >= 500)) throw new Error('an accept answered 5xx');
    const acceptedCount = accepted.filter((r) => r.status === 200).length;
    if (acceptedCount !== CREW_NEEDED) throw new Error(`${acceptedCount} accepted, expected exactly ${CREW_NEEDED}`);
    log(`${APPLICANTS} concurrent applications and ${ACCEPT_TRIES * 2} parallel acceptances (${acceptedCount} accepted), over two API processes`);

    return {
      name: 'applications',
      title: `${APPLICANTS} crew applying to one voyage at once, two API processes; the skipper accepting from two clients`,
      figures: {
        applyP50: figure('apply p50 (200 at once)', round(median(applyTimes), 1), 'ms'),
        applyP99: figure('apply p99 (200 at once)', round(percentile(applyTimes, 99), 1), 'ms'),
        acceptP50: figure('accept p50 (80 in parallel)', round(median(acceptTimes), 1), 'ms'),
        acceptP99: figure('accept p99 (80 in parallel)', round(percentile(acceptTimes, 99), 1), 'ms'),
        applyConflicts: figure('appends retried after a cross-process conflict (applies)', afterApplies.retried - before.retried, 'appends'),
        acceptConflicts: figure('appends retried after a cross-process conflict (accepts)', afterAccepts.retried - afterApplies.retried, 'appends'),
        groupCommit: figure(
          'applications per append (group commit)',
          round((afterApplies.commands - before.commands) / Math.max(1, afterApplies.appends - before.appends), 1),
          'commands',
        ),
      },
      details: { applicants: APPLICANTS, crewNeeded: CREW_NEEDED, acceptTries: ACCEPT_TRIES * 2, applyTimes, acceptTimes },
    };
  } finally {
    for (const runtime of runtimes) await runtime.close();
  }
};
