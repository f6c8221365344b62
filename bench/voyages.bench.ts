import type { VoyageListQuery } from '@crew/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '../apps/api/src/cli/seeded-random';
import { generateVoyages } from '../apps/api/src/cli/voyage-generator';
import { hashPassword } from '../apps/api/src/modules/accounts/password-hasher';
import { ListVoyagesHandler, ListVoyages } from '../apps/api/src/modules/voyages/queries/list-voyages.query';
import type { ParsedListQuery } from '../apps/api/src/modules/voyages/voyage-read-model';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication, type Application } from '../apps/api/src/application';
import { chromium } from 'playwright-core';
import { load, pacedLoad, startServer, type LoadRun, type Server } from './http.bench';
import { atLeast, atMost, figure, median, percentile, quietLogger, round, sleep, type BenchResult } from './support';

const VOYAGES = 10_000;
const LIST_PATH = '/api/voyages/?limit=20';
/** What a browser sends; the list is measured as browsers get it, compressed. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' } as const;
const ROUNDS = 3;
const ROUND_SECONDS = 5;
const SEARCHES = 200;
const MAP_LOADS = 5;
/** Uncached list reads with varied filters, and the writes going on meanwhile. */
const UNCACHED_READS = 400;
const WRITES_PER_SECOND = 20;
const BENCH_PASSWORD = 'bench-password-1';

/** Sailing areas as the browse map's "Search this area" sends them (two cross the antimeridian or a whole ocean). */
const AREAS = ['-10,40,10,60', '-6,48,3,52', '-2,35,30,46', '-90,5,-55,30', '10,53,30,66', '140,-50,180,-10', '170,-30,-150,0', '-80,-60,20,70', '100,0,160,40'];

/**
 * Browse questions as crew ask them: any mix of search words, a date window,
 * a duration, a contribution, an area and a later page. Each is asked once,
 * so no cache can answer.
 */
export function filterMixes(words: readonly string[], count: number, seed = 7): ParsedListQuery[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const mixes: ParsedListQuery[] = [];
  while (mixes.length < count) {
    const query: VoyageListQuery = {};
    if (next() < 0.4) {
      const word = pick(words);
      query.search = next() < 0.2 ? `${word.slice(0, 4)} ${pick(words).slice(0, 3)}` : word.slice(0, Math.max(3, word.length - Math.floor(next() * 3)));
    }
    if (next() < 0.4) query.departure_from = day(Math.floor(next() * 200));
    if (next() < 0.3) query.departure_to = day(60 + Math.floor(next() * 250));
    if (next() < 0.35) query.duration = pick(['days', 'weeks', 'months'] as const);
    if (next() < 0.35) query.contribution = pick(['free', 'shared', 'paid'] as const);
    if (next() < 0.3) query.bbox = pick(AREAS);
    mixes.push({ ...query, limit: 20, offset: pick([0, 0, 0, 0, 20, 40, 100, 200]) });
  }
  return mixes;
}

interface WriteStream {
  readonly sent: () => number;
  readonly succeeded: () => number;
  /** How many answers of each HTTP status (0: no answer). */
  readonly statuses: () => Record<number, number>;
  readonly refusals: () => Record<number, string>;
  stop(): Promise<void>;
}

/**
 * WRITES_PER_SECOND commands through the HTTP API of another process (an API
 * replica running the projectors, as a deployment would): skippers changing
 * their voyages' contribution and crew applying, evenly paced, each request
 * not waiting for the previous.
 */
async function startWrites(runtime: Application, databaseUrl: string): Promise<WriteStream> {
  const server = await startServer('api', databaseUrl, '/', { roles: 'http,projector' });
  const origin = new URL(server.url).origin;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const request = (method: string, url: string, token: string | null, body: unknown): Promise<{ status: number; text: string }> =>
    new Promise((resolve) => {
      const payload = JSON.stringify(body);
      const outgoing = http.request(
        `${origin}${url}`,
        { method, agent, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      outgoing.on('error', () => resolve({ status: 0, text: '' }));
      outgoing.end(payload);
    });
  const password = await hashPassword(BENCH_PASSWORD);
  await runtime.dataSource.query(`UPDATE users SET password_hash = $1 WHERE email LIKE 'generated-skipper-%'`, [password]);
  for (let i = 0; i < 8; i++) {
    await runtime.dataSource.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified) VALUES ($1, $2, 'Bench', $3, 'crew', true) ON CONFLICT (lower(email)) DO NOTHING`,
      [`bench-crew-${i}@crew-finder.local`, password, `Crew ${i}`],
    );
  }
  const login = async (email: string): Promise<string> => {
    const answer = await request('POST', '/api/auth/login', null, { email, password: BENCH_PASSWORD });
    if (answer.status !== 200) throw new Error(`bench sign-in of ${email} failed: ${answer.status} ${answer.text}`);
    return (JSON.parse(answer.text) as { access_token: string }).access_token;
  };
  const skippers: { token: string; voyages: string[] }[] = [];
  for (let i = 0; i < 8; i++) {
    const email = `generated-skipper-${i}@crew-finder.local`;
    const voyages = await runtime.dataSource.query<{ voyage_id: string }[]>(
      `SELECT v.voyage_id FROM voyage_summaries v JOIN users u ON u.id = v.skipper_id WHERE lower(u.email) = $1 AND v.status IN ('planning', 'active') LIMIT 100`,
      [email],
    );
    if (voyages.length > 0) skippers.push({ token: await login(email), voyages: voyages.map((v) => v.voyage_id) });
  }
  const crew = await Promise.all(Array.from({ length: 8 }, (_, i) => login(`bench-crew-${i}@crew-finder.local`)));
  const targets = (await runtime.dataSource.query<{ voyage_id: string }[]>(`SELECT voyage_id FROM voyage_summaries WHERE status = 'active' ORDER BY random() LIMIT 2000`)).map(
    (v) => v.voyage_id,
  );

  const next = seededRandom(11);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  let sent = 0;
  let succeeded = 0;
  const statuses: Record<number, number> = {};
  /** The first answer of each refused status, to tell why. */
  const refusals: Record<number, string> = {};
  let running = true;
  const inflight = new Set<Promise<void>>();
  const loop = (async () => {
    const started = performance.now();
    while (running) {
      const due = started + (sent * 1000) / WRITES_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (!running) break;
      // Three edits to one application, the mix a busy marketplace sees.
      const write =
        sent % 4 === 3
          ? request('POST', '/api/applications/', pick(crew), { voyage_id: pick(targets), message: 'Keen to join: offshore miles and night watches.' })
          : (() => {
              const skipper = pick(skippers);
              return request('PUT', `/api/voyages/${pick(skipper.voyages)}`, skipper.token, {
                contribution_type: 'shared_costs',
                contribution_amount: 50 + Math.floor(next() * 500),
                contribution_currency: pick(['GBP', 'EUR', 'USD']),
              });
            })();
      sent++;
      const done = write.then(({ status, text }) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 400 && status !== 409 && !(status in refusals)) refusals[status] = text.slice(0, 300);
        // 409: the crew member already applied to that voyage; still a command the server decided.
        if (status === 200 || status === 201 || status === 409) succeeded++;
      });
      inflight.add(done);
      void done.finally(() => inflight.delete(done));
    }
  })();
  return {
    sent: () => sent,
    succeeded: () => succeeded,
    statuses: () => ({ ...statuses }),
    refusals: () => ({ ...refusals }),
    stop: async () => {
      running = false;
      await loop;
      await Promise.all(inflight);
      agent.destroy();
      await server.stop();
    },
  };
}

/** Bytes on the wire for `url` as a browser asks for it (compressed when the server compresses). */
export async function wireBytes(url: string): Promise<{ wire: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_ENCODINGS }, (response) => {
        let wire = 0;
        response.on('data', (chunk: Buffer) => (wire += chunk.length));
        response.on('end', () => resolve({ wire, encoding: String(response.headers['content-encoding'] ?? 'identity') }));
      })
      .on('error', reject);
  });
}

/**
 * The browse page in Debian's Chromium against the app with 10,000 voyages:
 * the page marks when the map points arrive and measures until the clusters
 * are drawn (performance.measure 'voyage-map:clusters-drawn'). Median of a few loads.
 */
async function measureMap(origin: string, log: (line: string) => void): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const durations: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    for (let i = 0; i < MAP_LOADS + 1; i++) {
      await page.goto(`${origin}/voyages`);
      const handle = await page.waitForFunction(() => performance.getEntriesByName('voyage-map:clusters-drawn')[0]?.duration ?? null, null, { timeout: 60_000 });
      const duration = (await handle.jsonValue()) as number;
      if (i > 0) durations.push(duration);
      log(`map load ${i}: clusters drawn ${Math.round(duration)} ms after the points arrived${i === 0 ? ' (warm-up)' : ''}`);
    }
  } finally {
    await browser.close();
  }
  return durations;
}

/**
 * Browse at marketplace size: 10,000 voyages published through the command
 * path, then
 * - GET /api/voyages/?limit=20 at full load on the real app against raw
 *   node:http answering the same bytes (ratio), and its latency at half of the
 *   app's own maximum rate (a server at its limit only measures its queue);
 * - text search: the list query with a search word, one at a time, p95 of the
 *   round trip to PostgreSQL (so the database time plus a little).
 */
export const runVoyagesBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-voyages-')) });
  const runtime = await startApplication(config, databaseUrl, quietLogger);
  const searchTimes: number[] = [];
  const skipperSearchTimes: number[] = [];
  const matchTimes: number[] = [];
  const matchCachedTimes: number[] = [];
  const quietTimes: number[] = [];
  const busyTimes: number[] = [];
  let writes: { sent: number; succeeded: number; seconds: number; statuses: Record<number, number> } = { sent: 0, succeeded: 0, seconds: 0, statuses: {} };
  let generated: Awaited<ReturnType<typeof generateVoyages>>;
  let projectedMs = 0;
  try {
    runtime.startProjectors();
    generated = await generateVoyages(runtime, VOYAGES, { log });
    const caughtUp = performance.now();
    if (generated.lastPosition && !(await runtime.progress.waitFor(generated.lastPosition, ['voyage-summaries'], 300_000))) {
      throw new Error('voyage-summaries did not catch up with the generated voyages');
    }
    projectedMs = performance.now() - caughtUp;
    // The fleet was written a moment ago; a live table has long been vacuumed (its visibility map is what keeps the list's index-only scans off the heap).
    await runtime.dataSource.query('VACUUM ANALYZE voyage_summaries');
    log(`${VOYAGES} voyages published in ${Math.round(generated.milliseconds)} ms; read model caught up ${Math.round(projectedMs)} ms later`);

    const words = (await runtime.dataSource.query<{ word: string }[]>(`SELECT DISTINCT lower(split_part(departure_port, ' ', 1)) AS word FROM voyage_summaries LIMIT 400`)).map(
      (r) => r.word,
    );
    const handler = new ListVoyagesHandler(runtime.dataSource);
    for (let i = 0; i < SEARCHES + 20; i++) {
      const word = words[i % words.length] ?? 'sail';
      const started = performance.now();
      await handler.execute(new ListVoyages({ search: word.slice(0, Math.max(3, word.length - 2)), limit: 20, offset: 0 }, null));
      if (i >= 20) searchTimes.push(performance.now() - started);
    }
    // Skipper names live in the users table: a name search must find their voyages as quickly.
    const names = (await runtime.dataSource.query<{ name: string }[]>(`SELECT DISTINCT lower(first_name) AS name FROM users WHERE user_type = 'skipper'`)).map((r) => r.name);
    for (let i = 0; i < SEARCHES + 20; i++) {
      const name = names[i % names.length] ?? 'ann';
      const started = performance.now();
      const found = await handler.execute(new ListVoyages({ search: i % 2 === 0 ? name : `${name} skipper`, limit: 20, offset: 0 }, null));
      if (found.total === 0) throw new Error(`a search for the skipper name "${name}" found no voyage`);
      if (i >= 20) skipperSearchTimes.push(performance.now() - started);
    }
    // Browse sorted by match score for a signed-in crew member: every open voyage scored, uncached (the handler has no cache here).
    const [crewMember] = await runtime.dataSource.query<{ id: string }[]>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified, sailing_experience, crew_skills)
       VALUES ('match.bench@generated.test', 'x', 'Match', 'Bench', 'crew', true, $1, $2) RETURNING id`,
      [
        JSON.stringify({ years_sailing: 4, sailing_areas: ['Offshore'], experience_types: ['delivery'], certifications: [], informal_description: '' }),
        JSON.stringify({ navigation: ['chart_plotting'], sailing: ['reefing'], technical: [], safety: ['first_aid'], galley: ['galley_cooking'], experience: ['night_watches'] }),
      ],
    );
    for (let i = 0; i < SEARCHES + 20; i++) {
      const started = performance.now();
      const page = await handler.execute(new ListVoyages({ sort: 'match', limit: 20, offset: (i % 5) * 20 }, crewMember!.id));
      if (page.voyages[0]?.match_score === undefined) throw new Error('browse sorted by match carries no match score');
      if (i >= 20) matchTimes.push(performance.now() - started);
    }
    // As the API serves it: the requirements stay cached until the read model moves; each request scores them for its viewer.
    const served = new ListVoyagesHandler(runtime.dataSource, runtime.progress);
    for (let i = 0; i < SEARCHES + 20; i++) {
      const started = performance.now();
      await served.execute(new ListVoyages({ sort: 'match', limit: 20, offset: (i % 5) * 20 }, crewMember!.id));
      if (i >= 20) matchCachedTimes.push(performance.now() - started);
    }
    log(
      `browse by match score over ${VOYAGES} voyages: uncached p50 ${round(median(matchTimes), 2)} ms, p95 ${round(percentile(matchTimes, 95), 2)} ms; ` +
        `requirements cached p50 ${round(median(matchCachedTimes), 2)} ms, p95 ${round(percentile(matchCachedTimes, 95), 2)} ms`,
    );
  } finally {
    await runtime.close();
  }

  // Uncached list reads (the handler without its cache), first on a quiet database, then while
  // another process writes. This process runs no projector: it only reads, as an API replica would.
  const reader = await startApplication(config, databaseUrl, quietLogger);
  try {
    const handler = new ListVoyagesHandler(reader.dataSource);
    const words = (await reader.dataSource.query<{ word: string }[]>(`SELECT DISTINCT lower(split_part(departure_port, ' ', 1)) AS word FROM voyage_summaries LIMIT 400`)).map(
      (r) => r.word,
    );
    const mixes = filterMixes(words, 2 * UNCACHED_READS + 40);
    const timeRead = async (query: ParsedListQuery, into: number[] | null): Promise<void> => {
      const started = performance.now();
      await handler.execute(new ListVoyages(query, null));
      into?.push(performance.now() - started);
    };
    for (const query of mixes.slice(0, 40)) await timeRead(query, null);
    for (const query of mixes.slice(40, 40 + UNCACHED_READS)) {
      await timeRead(query, quietTimes);
      await sleep(10);
    }
    const stream = await startWrites(reader, databaseUrl);
    const writesStarted = performance.now();
    let writesStopped = writesStarted;
    try {
      await sleep(1_000);
      for (const query of mixes.slice(40 + UNCACHED_READS)) {
        await timeRead(query, busyTimes);
        // About the pace of people browsing, not a tight loop competing with the writers for the CPU.
        await sleep(10);
      }
    } finally {
      writesStopped = performance.now();
      await stream.stop();
    }
    for (const [status, body] of Object.entries(stream.refusals())) log(`writes answered ${status}: ${body}`);
    writes = { sent: stream.sent(), succeeded: stream.succeeded(), seconds: round((writesStopped - writesStarted) / 1000, 1), statuses: stream.statuses() };
    log(
      `uncached list, varied filters: quiet p50 ${round(median(quietTimes), 2)} ms, p95 ${round(percentile(quietTimes, 95), 2)} ms; ` +
        `under ${round(writes.sent / writes.seconds, 1)} writes/s (${writes.succeeded}/${writes.sent} answered; statuses ${JSON.stringify(writes.statuses)}): p50 ${round(median(busyTimes), 2)} ms, p95 ${round(percentile(busyTimes, 95), 2)} ms`,
    );
  } finally {
    await reader.close();
  }

  const servers: Server[] = [];
  try {
    const api = await startServer('api', databaseUrl, LIST_PATH);
    servers.push(api);
    const origin = new URL(api.url).origin;
    const plainBody = await (await fetch(api.url, { headers: { 'accept-encoding': 'identity' } })).text();
    // The bytes a browser gets (brotli), served by the raw baseline with the same headers.
    const encoded = await new Promise<{ body: Buffer; encoding: string }>((resolve, reject) => {
      http
        .get(api.url, { headers: BROWSER_ENCODINGS }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: String(response.headers['content-encoding'] ?? '') }));
        })
        .on('error', reject);
    });
    if (encoded.encoding !== 'br') throw new Error(`the list answered ${encoded.encoding || 'uncompressed'} to a browser's Accept-Encoding`);
    const bodyFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'crew-bench-body-')), 'voyages.json.br');
    writeFileSync(bodyFile, encoded.body);
    const raw = await startServer('raw', databaseUrl, LIST_PATH, { rawBodyFile: bodyFile, rawEncoding: encoded.encoding });
    servers.push(raw);
    log(`list body: ${Buffer.byteLength(plainBody)} bytes of JSON, ${encoded.body.length} bytes on the wire (${encoded.encoding})`);
    const mapWorld = await wireBytes(`${origin}/api/voyages/map?zoom=2`);
    const mapOpening = await wireBytes(`${origin}/api/voyages/map?zoom=3`);
    log(`map: world zoom ${mapWorld.wire} bytes (${mapWorld.encoding}), opening view ${mapOpening.wire} bytes`);

    await load(api, 2, undefined, BROWSER_ENCODINGS);
    await load(raw, 2, undefined, BROWSER_ENCODINGS);
    const runs: { api: LoadRun[]; raw: LoadRun[] } = { api: [], raw: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [kind, server] of i % 2 === 0
        ? ([
            ['raw', raw],
            ['api', api],
          ] as const)
        : ([
            ['api', api],
            ['raw', raw],
          ] as const)) {
        const run = await load(server, ROUND_SECONDS, undefined, BROWSER_ENCODINGS);
        runs[kind].push(run);
        log(`round ${i + 1}/${ROUNDS} ${kind}: ${run.requestsPerSecond} req/s`);
      }
    }
    const apiMax = median(runs.api.map((r) => r.requestsPerSecond));
    const rawMax = median(runs.raw.map((r) => r.requestsPerSecond));
    const halfRate = Math.max(1, Math.round(apiMax / 2));
    const half = await pacedLoad(api.url, halfRate, ROUND_SECONDS * 2, BROWSER_ENCODINGS);
    // The same pace against node:http sending the same bytes: the tail this machine and the paced
    // client give any server, against which the API's own tail is read.
    const halfRaw = await pacedLoad(raw.url, halfRate, ROUND_SECONDS * 2, BROWSER_ENCODINGS);
    // The machine's run queue meanwhile: on 2 shared cores, other work there starves the paced client
    // and the server, and latencies timed from when each request was due then measure that queue.
    const [loadAverage = 0] = os.loadavg();
    if (half.failed > 0) throw new Error(`${half.failed} list requests failed at half load`);
    log(
      `at half load (${halfRate} req/s, evenly paced; ${half.requestsPerSecond} req/s answered, load average ${round(loadAverage, 1)}): p50 ${half.latencyP50Ms} ms, p99 ${half.latencyP99Ms} ms; raw node:http at that pace p50 ${halfRaw.latencyP50Ms} ms, p99 ${halfRaw.latencyP99Ms} ms`,
    );
    const mapDurations = await measureMap(new URL(api.url).origin, log);

    return {
      name: 'voyages',
      title: `Browse with ${VOYAGES.toLocaleString('en')} voyages: GET ${LIST_PATH} (cached, compressed), uncached filter mixes under writes, text search, map`,
      figures: {
        generated: figure('voyages published through the command path', round(VOYAGES / (generated.milliseconds / 1000), 0), 'voyages/s'),
        apiRequestsPerSecond: figure('list API max median', round(apiMax, 0), 'req/s'),
        rawRequestsPerSecond: figure('raw node:http, same bytes, median', round(rawMax, 0), 'req/s'),
        ratio: figure('ratio api/raw', round(apiMax / rawMax, 3), 'ratio', atLeast(0.2)),
        halfLoadP50: figure('list p50 at half of max load', half.latencyP50Ms, 'ms'),
        halfLoadP99: figure('list p99 at half of max load', half.latencyP99Ms, 'ms', atMost(25)),
        halfLoadRawP99: figure('raw node:http p99 at the same pace (same bytes)', halfRaw.latencyP99Ms, 'ms'),
        searchP50: figure('text search p50 (query round trip)', round(median(searchTimes), 2), 'ms'),
        searchP95: figure('text search p95 (query round trip)', round(percentile(searchTimes, 95), 2), 'ms', atMost(20)),
        skipperSearchP50: figure('skipper name search p50 (query round trip)', round(median(skipperSearchTimes), 2), 'ms'),
        skipperSearchP95: figure('skipper name search p95 (query round trip)', round(percentile(skipperSearchTimes, 95), 2), 'ms', atMost(20)),
        matchSortP50: figure('browse sorted by match score p50 (uncached)', round(median(matchTimes), 2), 'ms'),
        matchSortP95: figure('browse sorted by match score p95 (uncached)', round(percentile(matchTimes, 95), 2), 'ms', atMost(50)),
        matchSortCachedP95: figure('browse sorted by match score p95 (requirements cached, as served)', round(percentile(matchCachedTimes, 95), 2), 'ms', atMost(50)),
        uncachedQuietP95: figure('uncached list, varied filters, quiet: p95', round(percentile(quietTimes, 95), 2), 'ms'),
        uncachedP50: figure(`uncached list, varied filters, ${WRITES_PER_SECOND} writes/s: p50`, round(median(busyTimes), 2), 'ms'),
        uncachedP95: figure(`uncached list, varied filters, ${WRITES_PER_SECOND} writes/s: p95`, round(percentile(busyTimes, 95), 2), 'ms', atMost(15)),
        listBytes: figure('list page of 20 on the wire (brotli)', encoded.body.length, 'bytes'),
        listJsonBytes: figure('list page of 20 as JSON', Buffer.byteLength(plainBody), 'bytes'),
        mapWorldBytes: figure('map at world zoom on the wire', mapWorld.wire, 'bytes', atMost(300_000)),
        mapOpeningBytes: figure('map opening view (zoom 3) on the wire', mapOpening.wire, 'bytes'),
        mapClusters: figure('map: points to drawn clusters in Chromium, median', round(median(mapDurations), 0), 'ms', atMost(500)),
      },
      details: {
        mapDurations,
        voyages: VOYAGES,
        projectedAfterMs: round(projectedMs, 0),
        api: runs.api,
        raw: runs.raw,
        halfLoad: { ...half, targetRequestsPerSecond: halfRate, loadAverage: round(loadAverage, 2) },
        halfLoadRaw: halfRaw,
        searches: SEARCHES,
        uncachedReads: UNCACHED_READS,
        writes,
        listEncoding: encoded.encoding,
      },
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
};
