import { allProjectors } from '@crew/projections';
import { createHash } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from 'pg';
import { startApplication } from '../apps/api/src/application';
import { seededRandom } from '../apps/api/src/cli/seeded-random';
import type { ParsedListQuery } from '../apps/api/src/modules/voyages/voyage-read-model';
import { TokenService } from '../apps/api/src/platform/auth/token.service';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { createDataSource, migrate } from '../apps/api/src/platform/database/data-source';
import { PostgresEventStore } from '../apps/api/src/platform/event-store/postgres-event-store';
import { adminUserSearch } from './admin-users.bench';
import { startServer, type Server } from './http.bench';
import { generateScaleData, memberNames, scaleSize, SCALE_ADMIN_EMAIL, SCALE_GENERATOR_VERSION, type ScaleData, type ScaleSize } from './scale-data';
import { ADMIN_URL, atMost, figure, median, percentile, quietLogger, round, sleep, type BenchResult, type Figure } from './support';
import { filterMixes } from './voyages.bench';

/**
 * Ten times the data: the pages members use most, over HTTP against the API
 * (a forked process, API_ROLES=http), at 10,000 and at 100,000 voyages (ten
 * members and twenty applications per voyage: bench/scale-data.ts), and how
 * each grows between the two. Every read is one the API's own caches cannot
 * answer: each browse, search and map request carries a set of filters
 * asked nowhere else in the run, and profiles, dashboards and the admin search
 * have no response cache. PostgreSQL's buffers and the OS page cache are warm
 * (a warm-up pass first), as on a live site.
 *
 * - browse: the list with varied filter mixes (bench/voyages.bench's
 *   filterMixes: words, dates, duration, contribution, areas, later pages),
 *   quiet and while another API process (API_ROLES=http,projector) takes
 *   about 20 commands/s: contribution edits, applications and messages;
 * - text search: the list with one search word, each word once;
 * - map at world zoom (zoom 2, no view box), each request with filters of
 *   its own so the clustering index is built for it; and the bytes of the
 *   default world map on the wire (brotli, as a browser asks);
 * - public profile: the four reads of /users/{id} (profile, reviews,
 *   voyages, sailing log) for members visited from voyages, applications and
 *   at random;
 * - admin users search: bench/admin-users.bench's mix of searches and filters;
 * - dashboard: the reads of /dashboard for skippers and crew members with
 *   voyages and applications.
 *
 * The database of each size is generated once and kept as a template
 * database named after the generator's version, the schema, the projections
 * and the day (BENCH_SCALE_CACHE=0: not kept); each run measures a copy.
 * BENCH_SCALE_VOYAGES=10000 measures one size only.
 */

const DEFAULT_SIZES = [10_000, 100_000];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' } as const;
const WARM_UP = 40;
const BROWSE_READS = 400;
const SEARCHES = 200;
const MAPS = 200;
const PROFILES = 200;
const ADMIN_SEARCHES = 400;
const DASHBOARDS = 200;
const WRITES_PER_SECOND = 20;
/** Between two reads: people browsing, not a tight loop competing with the writers for two cores. */
const PAUSE_MS = 10;

// ---------------------------------------------------------------- databases

const adminQuery = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => {
  const client = new Client({ connectionString: ADMIN_URL, application_name: 'crew-bench-scale' });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
};
const databaseUrl = (name: string): string => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

interface ScaleDatabase {
  readonly url: string;
  readonly data: ScaleData;
  /** Seconds it took to have this database: generating it, or copying the kept one. */
  readonly seconds: number;
  readonly cached: boolean;
  drop(): Promise<void>;
}

/**
 * What the kept database depends on: the generator, the size, the projections and the day its dates are
 * relative to. Not the schema: a kept database is migrated like a live one when a migration is added.
 */
const templateName = (size: ScaleSize): string => {
  const key = [SCALE_GENERATOR_VERSION, size.voyages, allProjectors.map((p) => p.name).join(','), new Date().toISOString().slice(0, 10)].join('|');
  return `scale_tpl_${size.voyages}_${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
};

/** Runs the migrations a kept database does not have yet (as a deployment does on start); answers the seconds it took. */
const migrateKept = async (name: string): Promise<number> => {
  const started = performance.now();
  const dataSource = createDataSource(databaseUrl(name), { poolSize: 2 });
  await dataSource.initialize();
  try {
    await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
  return round((performance.now() - started) / 1000, 1);
};

async function scaleDatabase(size: ScaleSize, log: (line: string) => void): Promise<ScaleDatabase> {
  const started = performance.now();
  const keep = process.env['BENCH_SCALE_CACHE'] !== '0';
  const template = templateName(size);
  const work = `scale_run_${size.voyages}_${process.pid}`;
  const drop = async (name: string): Promise<void> => {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  const copy = async (): Promise<void> => {
    await drop(work);
    // FILE_COPY: a copy of the files and one checkpoint, instead of writing gigabytes through the WAL.
    await adminQuery(`CREATE DATABASE ${work} TEMPLATE ${template} STRATEGY FILE_COPY`);
  };
  const [kept] = await adminQuery<{ comment: string | null }>(`SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`, [template]);
  if (keep && kept?.comment) {
    const migrated = await migrateKept(template);
    await copy();
    log(`${size.voyages.toLocaleString('en')} voyages: migrated (${migrated} s) and copied the kept database ${template} in ${round((performance.now() - started) / 1000, 1)} s`);
    return { url: databaseUrl(work), data: JSON.parse(kept.comment) as ScaleData, seconds: round((performance.now() - started) / 1000, 1), cached: true, drop: () => drop(work) };
  }
  // Kept databases of this size made by another generator, schema or day: gone.
  for (const { datname } of await adminQuery<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`scale\\_tpl\\_${size.voyages}\\_%`]))
    await drop(datname);
  const build = `scale_build_${size.voyages}_${process.pid}`;
  await drop(build);
  await adminQuery(`CREATE DATABASE ${build}`);
  const dataSource = createDataSource(databaseUrl(build), { poolSize: 8 });
  const store = new PostgresEventStore({ connectionString: databaseUrl(build) });
  let data: ScaleData;
  try {
    await dataSource.initialize();
    await migrate(dataSource);
    await store.initialize();
    data = await generateScaleData(dataSource, store, size, log);
  } catch (error) {
    await store.close();
    await dataSource.destroy();
    await drop(build);
    throw error;
  }
  await store.close();
  await dataSource.destroy();
  if (!keep) return { url: databaseUrl(build), data, seconds: round((performance.now() - started) / 1000, 1), cached: false, drop: () => drop(build) };
  await adminQuery(`ALTER DATABASE ${build} RENAME TO ${template}`);
  await adminQuery(`COMMENT ON DATABASE ${template} IS '${JSON.stringify(data).replace(/'/g, "''")}'`);
  await copy();
  log(`${size.voyages.toLocaleString('en')} voyages: generated in ${Math.round((performance.now() - started) / 1000)} s and kept as ${template}`);
  return { url: databaseUrl(work), data, seconds: round((performance.now() - started) / 1000, 1), cached: false, drop: () => drop(work) };
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  readonly status: number;
  readonly ms: number;
  /** Bytes on the wire (compressed as sent). */
  readonly wire: number;
  readonly encoding: string;
  readonly body: Buffer;
}

const decoded = (answer: Answer): string =>
  (answer.encoding === 'br' ? brotliDecompressSync(answer.body) : answer.encoding === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');

class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(private readonly origin: string) {}

  request(method: string, path: string, token: string | null = null, body?: unknown): Promise<Answer> {
    return new Promise((resolve) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = http.request(
        `${this.origin}${path}`,
        {
          method,
          agent: this.agent,
          headers: { ...BROWSER, ...(payload ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const all = Buffer.concat(chunks);
            resolve({
              status: response.statusCode ?? 0,
              ms: performance.now() - started,
              wire: all.length,
              encoding: String(response.headers['content-encoding'] ?? 'identity'),
              body: all,
            });
          });
        },
      );
      outgoing.on('error', (error) => resolve({ status: 0, ms: performance.now() - started, wire: 0, encoding: 'identity', body: Buffer.from(error.message) }));
      outgoing.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * GETs one at a time with a pause between; any answer but 200 stops the run,
 * with what the API said. With `floor`, each is followed by GET
 * /api/health/live, timed into it: what the machine's load alone does to a
 * request that reads nothing, at the same moments (two shared cores).
 */
async function timeReads(client: HttpClient, requests: readonly { path: string; token?: string | null }[], floor?: number[]): Promise<number[]> {
  const times: number[] = [];
  for (const { path, token } of requests) {
    const answer = await client.request('GET', path, token ?? null);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${decoded(answer).slice(0, 300)}`);
    times.push(answer.ms);
    if (floor) floor.push((await client.request('GET', '/api/health/live')).ms);
    await sleep(PAUSE_MS);
  }
  return times;
}

const listPath = (query: Partial<ParsedListQuery>, base = '/api/voyages/'): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
};

/** Browse mixes none of which was asked before in this run (a repeated one could come from the API's page cache). */
function uniqueMixes(
  words: readonly string[],
  count: number,
  seed: number,
  asked: Set<string>,
  shape: (query: ParsedListQuery) => Partial<ParsedListQuery>,
  base: string,
): string[] {
  const paths: string[] = [];
  for (let round = 0; paths.length < count && round < 20; round++) {
    for (const mix of filterMixes(words, count * 2, seed + round * 101)) {
      const path = listPath(shape(mix), base);
      if (asked.has(path)) continue;
      asked.add(path);
      paths.push(path);
      if (paths.length === count) break;
    }
  }
  return paths;
}

// ---------------------------------------------------------------- writes

interface Writes {
  stop(): Promise<{ sent: number; seconds: number; statuses: Record<number, number>; byKind: Record<string, number>; refusals: Record<string, string> }>;
}

/**
 * About WRITES_PER_SECOND commands a second through another API process (one
 * running the projectors, as a deployment would), evenly paced, none waiting
 * for the one before: skippers changing their voyages' contribution, crew
 * applying, crew writing to a voyage's skipper.
 */
async function startWrites(url: string, tokens: TokenService, dataSource: ReturnType<typeof createDataSource>): Promise<{ writes: Writes; server: Server }> {
  const server = await startServer('api', url, '/', { roles: 'http,projector' });
  const client = new HttpClient(new URL(server.url).origin);
  const owned = await dataSource.query<{ voyage_id: string; skipper_id: string }[]>(
    `SELECT voyage_id, skipper_id FROM voyage_summaries WHERE status IN ('planning', 'active') AND start_date > current_date + 3 AND NOT suspended ORDER BY md5(voyage_id::text) LIMIT 400`,
  );
  const crew = (await dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE user_type = 'crew' AND email_verified AND NOT is_admin ORDER BY md5(id::text) LIMIT 40`)).map(
    (row) => tokens.sign(row.id, 0),
  );
  const skipperTokens = new Map(owned.map((row) => [row.skipper_id, tokens.sign(row.skipper_id, 0)]));
  const next = seededRandom(23);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  let sent = 0;
  const statuses: Record<number, number> = {};
  const byKind: Record<string, number> = {};
  const refusals: Record<string, string> = {};
  let running = true;
  const inflight = new Set<Promise<void>>();
  const started = performance.now();
  const loop = (async () => {
    while (running) {
      const wait = started + (sent * 1000) / WRITES_PER_SECOND - performance.now();
      if (wait > 0) await sleep(wait);
      if (!running) break;
      const r = next();
      const voyage = pick(owned);
      const [kind, write] =
        r < 0.4
          ? ([
              'voyage edit',
              client.request('PUT', `/api/voyages/${voyage.voyage_id}`, skipperTokens.get(voyage.skipper_id)!, {
                contribution_type: 'shared_costs',
                contribution_amount: 50 + Math.floor(next() * 500),
                contribution_currency: pick(['GBP', 'EUR', 'USD']),
              }),
            ] as const)
          : r < 0.75
            ? ([
                'application',
                client.request('POST', '/api/applications/', pick(crew), { voyage_id: voyage.voyage_id, message: 'Keen to join: offshore miles and night watches.' }),
              ] as const)
            : ([
                'message',
                client.request('POST', '/api/conversations', pick(crew), { voyage_id: voyage.voyage_id, message: 'Hello! Is there still a berth on this passage?' }),
              ] as const);
      sent++;
      byKind[kind] = (byKind[kind] ?? 0) + 1;
      const done = write.then((answer) => {
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        // 409: the crew member had already applied; still a command the server decided.
        if (answer.status >= 400 && answer.status !== 409 && !(`${kind} ${answer.status}` in refusals)) refusals[`${kind} ${answer.status}`] = decoded(answer).slice(0, 300);
      });
      inflight.add(done);
      void done.finally(() => inflight.delete(done));
    }
  })();
  return {
    server,
    writes: {
      stop: async () => {
        running = false;
        await loop;
        await Promise.all(inflight);
        client.close();
        return { sent, seconds: round((performance.now() - started) / 1000, 1), statuses, byKind, refusals };
      },
    },
  };
}

// ---------------------------------------------------------------- one size

interface Samples {
  readonly ms: number[];
  readonly loadAverage: number;
  /** GET /api/health/live interleaved with these reads (see timeReads). */
  readonly floor: number[];
}

interface SizeResult {
  readonly voyages: number;
  readonly data: ScaleData;
  readonly databaseSeconds: number;
  readonly cached: boolean;
  readonly browseQuiet: Samples;
  readonly browse: Samples;
  readonly search: Samples;
  readonly map: Samples;
  readonly mapServed: Samples;
  readonly mapWorldBytes: number;
  readonly mapWorldEncoding: string;
  readonly profile: Record<string, Samples>;
  readonly adminUsers: Samples;
  readonly dashboard: Record<string, Samples>;
  readonly writes: Awaited<ReturnType<Writes['stop']>>;
  readonly counts: Record<string, number>;
}

const load1 = (): number => round(os.loadavg()[0] ?? 0, 1);
const measured = async (run: (floor: number[]) => Promise<number[]>): Promise<Samples> => {
  const before = load1();
  const floor: number[] = [];
  const ms = await run(floor);
  return { ms, loadAverage: round((before + load1()) / 2, 1), floor };
};
const summary = (samples: Samples): string =>
  `p50 ${round(median(samples.ms), 1)} ms, p95 ${round(percentile(samples.ms, 95), 1)} ms (load ${samples.loadAverage}; health p50 ${round(median(samples.floor), 1)} ms, p95 ${round(percentile(samples.floor, 95), 1)} ms)`;

/**
 * A live site's reactors have reacted to every event of its past (those mails went long ago): in the run's copy they
 * start at the head of the log, as the projections do. Left without checkpoints, every reactor would replay the whole
 * log in the writing API process while browse is timed (a job for each notice of eighteen months), which is a
 * catch-up, not the 20 commands a second the figure is about. The reactors are the platform's own, named as it runs them.
 */
async function reactorsAtHead(url: string): Promise<number> {
  const runtime = await startApplication(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), url, quietLogger);
  try {
    const names = runtime.roles.reactors.map((reactor) => reactor.name);
    await runtime.dataSource.query(
      `INSERT INTO projection_checkpoints (name, log_commit, log_prepare)
       SELECT name, head.log_commit, head.log_prepare
         FROM unnest($1::text[]) AS name,
              (SELECT transaction_id::text::bigint AS log_commit, position AS log_prepare FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1) AS head
       ON CONFLICT (name) DO UPDATE SET log_commit = excluded.log_commit, log_prepare = excluded.log_prepare`,
      [names],
    );
    return names.length;
  } finally {
    await runtime.close();
  }
}

async function measureSize(voyages: number, log: (line: string) => void): Promise<SizeResult> {
  const size = scaleSize(voyages);
  const database = await scaleDatabase(size, log);
  const dataSource = createDataSource(database.url, { poolSize: 2 });
  const servers: Server[] = [];
  let client: HttpClient | null = null;
  try {
    await dataSource.initialize();
    const tokens = await TokenService.create(dataSource, undefined);
    const counts = Object.fromEntries(
      await Promise.all(
        ['users', 'voyage_summaries', 'applications', 'reviews', 'events', 'sailing_log', 'crew_agreements', 'subscriptions'].map(async (table) => {
          const [{ n }] = await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table}`);
          return [table, n] as const;
        }),
      ),
    );
    const [{ open }] = await dataSource.query<{ open: number }[]>(
      `SELECT count(*)::int AS open FROM voyage_summaries WHERE status IN ('planning', 'active') AND start_date > current_date AND NOT suspended AND NOT archived`,
    );
    counts['openVoyages'] = open;
    log(`${voyages.toLocaleString('en')} voyages: ${JSON.stringify(counts)}`);

    // Who is looked at: words sailors type, members reached from voyages, applications and at random.
    const words = (
      await dataSource.query<{ word: string }[]>(
        `SELECT DISTINCT lower(split_part(departure_port, ' ', 1)) AS word FROM voyage_summaries WHERE length(split_part(departure_port, ' ', 1)) >= 4 ORDER BY 1 LIMIT 2000`,
      )
    ).map((row) => row.word);
    const shuffled = (items: string[], seed: number): string[] => {
      const next = seededRandom(seed);
      return items
        .map((item) => ({ item, key: next() }))
        .sort((a, b) => a.key - b.key)
        .map((entry) => entry.item);
    };
    const searchWords = shuffled(words, 5);
    const profileMembers = shuffled(
      (
        await dataSource.query<{ id: string }[]>(
          `(SELECT skipper_id AS id FROM voyage_summaries WHERE status <> 'draft' ORDER BY md5(voyage_id::text) LIMIT $1)
           UNION ALL (SELECT crew_id FROM applications ORDER BY md5(application_id::text) LIMIT $1)
           UNION ALL (SELECT id FROM users WHERE NOT is_admin ORDER BY md5(id::text) LIMIT $1)`,
          [Math.ceil((PROFILES + WARM_UP) / 3)],
        )
      ).map((row) => row.id),
      6,
    );
    const dashboardMembers = shuffled(
      (
        await dataSource.query<{ id: string; user_type: string }[]>(
          `(SELECT u.id || ' ' || u.user_type AS id FROM voyage_summaries v JOIN users u ON u.id = v.skipper_id WHERE v.status <> 'draft' ORDER BY md5(v.voyage_id::text) LIMIT $1)
           UNION ALL (SELECT u.id || ' ' || u.user_type FROM applications a JOIN users u ON u.id = a.crew_id ORDER BY md5(a.application_id::text) LIMIT $1)`,
          [Math.ceil((DASHBOARDS + WARM_UP) / 2)],
        )
      ).map((row) => row.id),
      7,
    ).map((entry) => {
      const [id = '', type = 'crew'] = entry.split(' ');
      return { id, type };
    });
    const userIds = (await dataSource.query<{ id: string }[]>(`SELECT id FROM users ORDER BY md5(id::text) LIMIT 50`)).map((row) => row.id);
    // Administrator routes wait for two-step sign-in to be on.
    await dataSource.query(`UPDATE users SET two_factor_enabled_at = now() WHERE email = $1`, [SCALE_ADMIN_EMAIL]);
    const [admin] = await dataSource.query<{ id: string }[]>(`SELECT id FROM users WHERE email = $1`, [SCALE_ADMIN_EMAIL]);
    if (!admin) throw new Error('the generated database has no administrator');
    const adminToken = tokens.sign(admin.id, 0);

    // A live database has what its pages read in memory: every table and index but the event log's (which the
    // measured reads never touch) read once into the OS page cache (shared_buffers is far smaller than the data).
    const prewarmStarted = performance.now();
    await dataSource.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    await dataSource.query(
      `WITH measured AS (SELECT oid, reltoastrelid FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'm') AND relname <> 'events')
       SELECT pg_prewarm(relation, 'read')
         FROM (SELECT oid AS relation FROM measured
               UNION ALL SELECT reltoastrelid FROM measured WHERE reltoastrelid <> 0
               UNION ALL SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT oid FROM measured)) AS relations`,
    );
    log(`tables and indexes read into the page cache in ${round((performance.now() - prewarmStarted) / 1000, 1)} s`);

    log(`${await reactorsAtHead(database.url)} reactors placed at the head of the log`);
    const api = await startServer('api', database.url, '/api/health/live');
    servers.push(api);
    client = new HttpClient(new URL(api.url).origin);
    const asked = new Set<string>();

    // ---------------------------------------------------------- map
    const world = await client.request('GET', '/api/voyages/map?zoom=2');
    if (world.status !== 200) throw new Error(`the world map answered ${world.status}`);
    const worldTotal = (JSON.parse(decoded(world)) as { total: number }).total;
    log(`world map: ${world.wire} bytes on the wire (${world.encoding}), ${worldTotal} voyages`);
    const mapPaths = uniqueMixes(
      words,
      MAPS + WARM_UP,
      41,
      asked,
      ({ limit: _limit, offset: _offset, bbox: _bbox, ...filters }) => ({ ...filters, zoom: 2 }) as Partial<ParsedListQuery>,
      '/api/voyages/map',
    );
    await timeReads(
      client,
      mapPaths.slice(0, WARM_UP).map((path) => ({ path })),
    );
    const map = await measured((floor) =>
      timeReads(
        client!,
        mapPaths.slice(WARM_UP).map((path) => ({ path })),
        floor,
      ),
    );
    log(`map at world zoom, filters of its own each: ${summary(map)}`);
    const mapServed = await measured((floor) =>
      timeReads(
        client!,
        Array.from({ length: MAPS }, () => ({ path: '/api/voyages/map?zoom=2' })),
        floor,
      ),
    );
    log(`map at world zoom as served (default filters, clustering index kept): ${summary(mapServed)}`);

    // ---------------------------------------------------------- text search
    const searchPaths = searchWords
      .map((word) => listPath({ search: word.slice(0, Math.max(3, word.length - 2)), limit: 20, offset: 0 }))
      .filter((path) => !asked.has(path) && asked.add(path))
      .slice(0, SEARCHES + WARM_UP);
    await timeReads(
      client,
      searchPaths.slice(0, WARM_UP).map((path) => ({ path })),
    );
    const search = await measured((floor) =>
      timeReads(
        client!,
        searchPaths.slice(WARM_UP).map((path) => ({ path })),
        floor,
      ),
    );
    log(`text search (${searchPaths.length - WARM_UP} words): ${summary(search)}`);

    // ---------------------------------------------------------- public profile
    const profileReads = (id: string) => ({
      profile: `/api/users/${id}/public`,
      reviews: `/api/users/${id}/reviews?page=1`,
      voyages: `/api/users/${id}/voyages`,
      sailingLog: `/api/users/${id}/sailing-log`,
    });
    const profile: Record<string, number[]> = { profile: [], reviews: [], voyages: [], sailingLog: [] };
    const profileFloor: number[] = [];
    const profileLoad = load1();
    for (const [i, id] of profileMembers.slice(0, PROFILES + WARM_UP).entries()) {
      for (const [read, path] of Object.entries(profileReads(id))) {
        const [ms] = await timeReads(client, [{ path }], i >= WARM_UP ? profileFloor : undefined);
        if (i >= WARM_UP) profile[read]!.push(ms!);
      }
    }
    const profileSamples = Object.fromEntries(Object.entries(profile).map(([read, ms]) => [read, { ms, loadAverage: round((profileLoad + load1()) / 2, 1), floor: profileFloor }]));
    for (const [read, samples] of Object.entries(profileSamples)) log(`public profile, ${read}: ${summary(samples)}`);

    // ---------------------------------------------------------- admin users search
    const random = seededRandom(13);
    const adminPaths = Array.from({ length: ADMIN_SEARCHES + WARM_UP }, (_, i) => {
      const filters = adminUserSearch(i, random, { users: size.users, userIds, emailWord: 'gmail', emailOf: (n) => memberNames(n).email });
      return { path: listPath({ ...filters, page: filters.page } as never, '/api/admin/users'), token: adminToken };
    });
    await timeReads(client, adminPaths.slice(0, WARM_UP));
    const adminUsers = await measured((floor) => timeReads(client!, adminPaths.slice(WARM_UP), floor));
    log(`admin users search: ${summary(adminUsers)}`);

    // ---------------------------------------------------------- dashboard
    const dashboard: Record<string, number[]> = {};
    const dashboardFloor: number[] = [];
    const dashboardLoad = load1();
    for (const [i, member] of dashboardMembers.slice(0, DASHBOARDS + WARM_UP).entries()) {
      const token = tokens.sign(member.id, 0);
      const crewLike = member.type === 'crew' || member.type === 'both';
      const skipperLike = member.type === 'skipper' || member.type === 'both';
      const reads = [
        '/api/auth/me',
        '/api/reviews/to-write',
        ...(crewLike ? ['/api/agreements/awaiting'] : []),
        ...(skipperLike ? ['/api/voyages/my-voyages-with-applications'] : []),
        ...(crewLike ? ['/api/users/me/crew-stats', '/api/applications/my-applications'] : []),
        '/api/users/me/activity?limit=10',
      ];
      for (const path of reads) {
        const [ms] = await timeReads(client, [{ path, token }], i >= WARM_UP ? dashboardFloor : undefined);
        if (i >= WARM_UP) (dashboard[path] ??= []).push(ms!);
      }
    }
    const dashboardSamples = Object.fromEntries(
      Object.entries(dashboard).map(([read, ms]) => [read, { ms, loadAverage: round((dashboardLoad + load1()) / 2, 1), floor: dashboardFloor }]),
    );
    for (const [read, samples] of Object.entries(dashboardSamples)) log(`dashboard, ${read}: ${summary(samples)}`);

    // ---------------------------------------------------------- browse, quiet then under writes
    const browsePaths = uniqueMixes(words, 2 * BROWSE_READS + WARM_UP, 7, asked, (query) => query, '/api/voyages/');
    await timeReads(
      client,
      browsePaths.slice(0, WARM_UP).map((path) => ({ path })),
    );
    const browseQuiet = await measured((floor) =>
      timeReads(
        client!,
        browsePaths.slice(WARM_UP, WARM_UP + BROWSE_READS).map((path) => ({ path })),
        floor,
      ),
    );
    log(`browse, varied filters, quiet: ${summary(browseQuiet)}`);
    const { writes, server: writer } = await startWrites(database.url, tokens, dataSource);
    servers.push(writer);
    let browse: Samples;
    let written: Awaited<ReturnType<Writes['stop']>>;
    try {
      await sleep(1_000);
      browse = await measured((floor) =>
        timeReads(
          client!,
          browsePaths.slice(WARM_UP + BROWSE_READS).map((path) => ({ path })),
          floor,
        ),
      );
    } finally {
      written = await writes.stop();
    }
    for (const [kind, body] of Object.entries(written.refusals)) log(`writes refused (${kind}): ${body}`);
    log(
      `browse, varied filters, ${round(written.sent / written.seconds, 1)} writes/s (${JSON.stringify(written.byKind)}; statuses ${JSON.stringify(written.statuses)}): ${summary(browse)}`,
    );

    return {
      voyages,
      data: database.data,
      databaseSeconds: database.seconds,
      cached: database.cached,
      browseQuiet,
      browse,
      search,
      map,
      mapServed,
      mapWorldBytes: world.wire,
      mapWorldEncoding: world.encoding,
      profile: profileSamples,
      adminUsers,
      dashboard: dashboardSamples,
      writes: written,
      counts,
    };
  } finally {
    client?.close();
    await Promise.all(servers.map((server) => server.stop()));
    if (dataSource.isInitialized) await dataSource.destroy();
    if (process.env['BENCH_KEEP_DATABASE'] === '1') log(`kept ${database.url}`);
    else await database.drop();
  }
}

// ---------------------------------------------------------------- the step

/** The worst p95 of several reads (each read of a page must meet the goal), with the read it was. */
const worstP95 = (reads: Record<string, Samples>): { read: string; p95: number; p50: number } =>
  Object.entries(reads)
    .map(([read, samples]) => ({ read, p95: percentile(samples.ms, 95), p50: median(samples.ms) }))
    .reduce((worst, entry) => (entry.p95 > worst.p95 ? entry : worst), { read: '', p95: Number.NEGATIVE_INFINITY, p50: Number.NaN });

export const runScaleBenchmark = async (_sharedDatabaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const sizes = (process.env['BENCH_SCALE_VOYAGES'] ?? DEFAULT_SIZES.join(','))
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const started = performance.now();
  const results: SizeResult[] = [];
  for (const voyages of sizes) results.push(await measureSize(voyages, log));

  const figures: Record<string, Figure> = {};
  const largest = results[results.length - 1]!;
  const smallest = results[0]!;
  type Metric = { key: string; label: string; goal: number; of: (r: SizeResult) => { p50: number; p95: number; load: number; floorP95: number; read?: string } };
  const single = (pick: (r: SizeResult) => Samples) => (r: SizeResult) => {
    const samples = pick(r);
    return { p50: median(samples.ms), p95: percentile(samples.ms, 95), load: samples.loadAverage, floorP95: round(percentile(samples.floor, 95), 1) };
  };
  const page = (pick: (r: SizeResult) => Record<string, Samples>) => (r: SizeResult) => {
    const reads = pick(r);
    const worst = worstP95(reads);
    const first = Object.values(reads)[0];
    return { p50: worst.p50, p95: worst.p95, load: first?.loadAverage ?? Number.NaN, floorP95: round(percentile(first?.floor ?? [], 95), 1), read: worst.read };
  };
  const metrics: Metric[] = [
    { key: 'browse', label: `uncached browse, varied filters, ${WRITES_PER_SECOND} writes/s`, goal: 15, of: single((r) => r.browse) },
    { key: 'browseQuiet', label: 'uncached browse, varied filters, quiet', goal: 15, of: single((r) => r.browseQuiet) },
    { key: 'search', label: 'text search', goal: 20, of: single((r) => r.search) },
    { key: 'map', label: 'map at world zoom, filters of its own each', goal: 30, of: single((r) => r.map) },
    { key: 'mapServed', label: 'map at world zoom as served (default filters)', goal: 30, of: single((r) => r.mapServed) },
    { key: 'profile', label: 'public profile, slowest of its 4 reads', goal: 20, of: page((r) => r.profile) },
    { key: 'adminUsers', label: 'admin users search', goal: 30, of: single((r) => r.adminUsers) },
    { key: 'dashboard', label: 'dashboard, slowest of its reads', goal: 30, of: page((r) => r.dashboard) },
  ];
  for (const metric of metrics) {
    for (const r of results) {
      const value = metric.of(r);
      const at = `${r.voyages / 1000}k`;
      const which = value.read ? ` (${value.read})` : '';
      figures[`${metric.key}P50_${at}`] = figure(`${metric.label} p50 at ${r.voyages.toLocaleString('en')} voyages${which}, load ${value.load}`, round(value.p50, 2), 'ms');
      figures[`${metric.key}P95_${at}`] = figure(
        `${metric.label} p95 at ${r.voyages.toLocaleString('en')} voyages${which}, load ${value.load}, GET /api/health/live between them p95 ${value.floorP95} ms`,
        round(value.p95, 2),
        'ms',
        r === largest ? atMost(metric.goal) : null,
      );
    }
    if (results.length > 1) {
      figures[`${metric.key}GrowthP50`] = figure(
        `${metric.label}: p50 growth ${smallest.voyages.toLocaleString('en')} → ${largest.voyages.toLocaleString('en')} voyages`,
        round(metric.of(largest).p50 / metric.of(smallest).p50, 2),
        'ratio',
      );
      figures[`${metric.key}Growth`] = figure(
        `${metric.label}: p95 growth ${smallest.voyages.toLocaleString('en')} → ${largest.voyages.toLocaleString('en')} voyages`,
        round(metric.of(largest).p95 / metric.of(smallest).p95, 2),
        'ratio',
      );
    }
  }
  for (const r of results) {
    figures[`mapWorldBytes_${r.voyages / 1000}k`] = figure(
      `map at world zoom on the wire (${r.mapWorldEncoding}) at ${r.voyages.toLocaleString('en')} voyages`,
      r.mapWorldBytes,
      'bytes',
      atMost(300_000),
    );
  }
  const distribution = (samples: Samples) => ({
    p50: round(median(samples.ms), 2),
    p95: round(percentile(samples.ms, 95), 2),
    n: samples.ms.length,
    loadAverage: samples.loadAverage,
    healthP50: round(median(samples.floor), 2),
    healthP95: round(percentile(samples.floor, 95), 2),
  });
  return {
    name: 'scale',
    title: `Ten times the data: ${sizes.map((n) => n.toLocaleString('en')).join(' and ')} voyages (ten members and twenty applications each), over HTTP, uncached`,
    figures,
    details: {
      minutes: round((performance.now() - started) / 60_000, 1),
      sizes: results.map((r) => ({
        voyages: r.voyages,
        counts: r.counts,
        database: { seconds: r.databaseSeconds, cached: r.cached, generated: r.data },
        browseQuiet: distribution(r.browseQuiet),
        browse: distribution(r.browse),
        writes: r.writes,
        search: distribution(r.search),
        map: distribution(r.map),
        mapServed: distribution(r.mapServed),
        mapWorld: { bytes: r.mapWorldBytes, encoding: r.mapWorldEncoding },
        profile: Object.fromEntries(Object.entries(r.profile).map(([read, samples]) => [read, distribution(samples)])),
        adminUsers: distribution(r.adminUsers),
        dashboard: Object.fromEntries(Object.entries(r.dashboard).map(([read, samples]) => [read, distribution(samples)])),
      })),
      measured:
        'HTTP/1.1 keep-alive to the API in a forked process (API_ROLES=http), one request at a time with 10 ms between, Accept-Encoding gzip, deflate, br; timed to the last byte',
    },
  };
};
