import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateVoyages } from '../apps/api/src/cli/voyage-generator';
import { ListVoyagesHandler, ListVoyages } from '../apps/api/src/modules/voyages/queries/list-voyages.query';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { createRuntime } from '../apps/api/src/platform/runtime';
import { chromium } from 'playwright-core';
import { load, pacedLoad, startServer, type LoadRun, type Server } from './http.bench';
import { atLeast, atMost, figure, median, percentile, quietLogger, round, type BenchResult } from './support';

const VOYAGES = 10_000;
const LIST_PATH = '/api/voyages/?limit=20';
const ROUNDS = 3;
const ROUND_SECONDS = 5;
const SEARCHES = 200;
const MAP_LOADS = 5;

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
  const runtime = await createRuntime(config, databaseUrl, quietLogger);
  const searchTimes: number[] = [];
  const skipperSearchTimes: number[] = [];
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
    log(`${VOYAGES} voyages published in ${Math.round(generated.milliseconds)} ms; read model caught up ${Math.round(projectedMs)} ms later`);

    const words = (await runtime.dataSource.query<{ word: string }[]>(`SELECT DISTINCT lower(split_part(departure_port, ' ', 1)) AS word FROM voyage_summaries LIMIT 400`)).map((r) => r.word);
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
  } finally {
    await runtime.close();
  }

  const servers: Server[] = [];
  try {
    const api = await startServer('api', databaseUrl, LIST_PATH);
    servers.push(api);
    const body = await (await fetch(api.url)).text();
    const bodyFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'crew-bench-body-')), 'voyages.json');
    writeFileSync(bodyFile, body);
    const raw = await startServer('raw', databaseUrl, LIST_PATH, bodyFile);
    servers.push(raw);
    if ((await (await fetch(raw.url)).text()) !== body) throw new Error('raw server does not answer the same bytes');
    log(`list body: ${Buffer.byteLength(body)} bytes`);

    await load(api, 2);
    await load(raw, 2);
    const runs: { api: LoadRun[]; raw: LoadRun[] } = { api: [], raw: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const [kind, server] of i % 2 === 0 ? ([['raw', raw], ['api', api]] as const) : ([['api', api], ['raw', raw]] as const)) {
        const run = await load(server, ROUND_SECONDS);
        runs[kind].push(run);
        log(`round ${i + 1}/${ROUNDS} ${kind}: ${run.requestsPerSecond} req/s`);
      }
    }
    const apiMax = median(runs.api.map((r) => r.requestsPerSecond));
    const rawMax = median(runs.raw.map((r) => r.requestsPerSecond));
    const half = await pacedLoad(api.url, Math.max(1, Math.round(apiMax / 2)), ROUND_SECONDS * 2);
    if (half.failed > 0) throw new Error(`${half.failed} list requests failed at half load`);
    log(`at half load (${Math.round(apiMax / 2)} req/s, evenly paced): p50 ${half.latencyP50Ms} ms, p99 ${half.latencyP99Ms} ms`);
    const mapDurations = await measureMap(new URL(api.url).origin, log);

    return {
      name: 'voyages',
      title: `Browse with ${VOYAGES.toLocaleString('en')} voyages: GET ${LIST_PATH} and text search`,
      figures: {
        generated: figure('voyages published through the command path', round(VOYAGES / (generated.milliseconds / 1000), 0), 'voyages/s'),
        apiRequestsPerSecond: figure('list API max median', round(apiMax, 0), 'req/s'),
        rawRequestsPerSecond: figure('raw node:http, same bytes, median', round(rawMax, 0), 'req/s'),
        ratio: figure('ratio api/raw', round(apiMax / rawMax, 3), 'ratio', atLeast(0.2)),
        halfLoadP50: figure('list p50 at half of max load', half.latencyP50Ms, 'ms'),
        halfLoadP99: figure('list p99 at half of max load', half.latencyP99Ms, 'ms', atMost(25)),
        searchP50: figure('text search p50 (query round trip)', round(median(searchTimes), 2), 'ms'),
        searchP95: figure('text search p95 (query round trip)', round(percentile(searchTimes, 95), 2), 'ms', atMost(20)),
        skipperSearchP50: figure('skipper name search p50 (query round trip)', round(median(skipperSearchTimes), 2), 'ms'),
        skipperSearchP95: figure('skipper name search p95 (query round trip)', round(percentile(skipperSearchTimes, 95), 2), 'ms', atMost(20)),
        mapClusters: figure('map: points to drawn clusters in Chromium, median', round(median(mapDurations), 0), 'ms', atMost(500)),
      },
      details: { mapDurations, voyages: VOYAGES, projectedAfterMs: round(projectedMs, 0), api: runs.api, raw: runs.raw, halfLoad: half, searches: SEARCHES },
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
};
