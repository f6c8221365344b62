import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateVoyages } from '../apps/api/src/cli/voyage-generator';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { startServer, type Server } from './http.bench';
import { atLeast, atMost, figure, median, quietLogger, round, type BenchResult, type Figure } from './support';

const VOYAGES = 10_000;
const RUNS = 3;
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/**
 * The project's browser flags, plus a resolver that knows only this machine:
 * map tiles (or anything else) from the internet can never reach the run, so
 * the browse map shows its offline vector world, as it does with no network.
 */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** Goals of issue 29 (React in production), per page, with Lighthouse's default mobile emulation (Moto G Power, slow 4G, 4x CPU). */
const GOALS = {
  performance: atLeast(95),
  accessibility: atLeast(100),
  cls: atMost(0.02),
  tbt: atMost(150),
  lcp: atMost(2000),
} as const;

interface PageRun {
  readonly performance: number;
  readonly accessibility: number;
  readonly cls: number;
  readonly tbt: number;
  readonly lcp: number;
  readonly failedAudits: readonly string[];
  /** What moved, when the page shifted: the elements Lighthouse blames, biggest first. */
  readonly shifted: readonly string[];
  /** Where the main thread went: the longest tasks, by the script that ran them. */
  readonly longTasks: readonly string[];
  /** The element Lighthouse took as the largest contentful paint. */
  readonly lcpElement: string;
}

/** The slice of Lighthouse's result this benchmark reads. */
interface LighthouseResult {
  readonly lhr: {
    readonly runtimeError?: { readonly code?: string; readonly message: string };
    readonly categories: Record<string, { readonly score: number | null }>;
    readonly audits: Record<
      string,
      {
        readonly numericValue?: number;
        readonly score: number | null;
        readonly title: string;
        readonly scoreDisplayMode: string;
        readonly details?: {
          readonly items?: readonly {
            readonly node?: { readonly selector?: string };
            readonly score?: number;
            readonly url?: string;
            readonly duration?: number;
            readonly items?: readonly { readonly node?: { readonly selector?: string } }[];
          }[];
        };
      }
    >;
  };
}
type RunLighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

/** The first element selector anywhere in an audit's details (their shape differs between audits and versions). */
const firstSelector = (details: unknown): string | undefined => {
  if (typeof details !== 'object' || details === null) return undefined;
  const node = (details as { node?: { selector?: unknown } }).node;
  if (typeof node?.selector === 'string') return node.selector;
  // Insights (lcp-breakdown-insight) list the element itself as a { type: 'node' } item.
  const item = details as { type?: unknown; selector?: unknown };
  if (item.type === 'node' && typeof item.selector === 'string') return item.selector;
  for (const value of Object.values(details)) {
    const found = firstSelector(value);
    if (found) return found;
  }
  return undefined;
};

const score = (value: number | null | undefined): number => (value === null || value === undefined ? Number.NaN : Math.round(value * 100));

const cpuSlowdown = Number(process.env['BENCH_LIGHTHOUSE_CPU_SLOWDOWN']) || undefined;

/** Lighthouse's own tracing hiccups (not the page's fault): the load is simply run again. */
const TRANSIENT_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);

async function audit(run: RunLighthouse, port: number, url: string, attempt = 1): Promise<PageRun> {
  const result = await run(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Belt and braces with the resolver rule: nothing but this machine.
    blockedUrlPatterns: ['https://*'],
    // BENCH_LIGHTHOUSE_CPU_SLOWDOWN=8 plays a phone twice as slow as the default (4): a margin check for a busy machine.
    ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_KEEP=<dir> keeps each report (JSON) there, to read the waterfall and the LCP breakdown.
  const keep = process.env['BENCH_LIGHTHOUSE_KEEP'];
  if (keep) writeFileSync(path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  if (lhr.runtimeError && TRANSIENT_ERRORS.has(lhr.runtimeError.code ?? '') && attempt < 3) return audit(run, port, url, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score(lhr.categories['performance']?.score),
    accessibility: score(lhr.categories['accessibility']?.score),
    cls: round(numeric('cumulative-layout-shift'), 3),
    tbt: Math.round(numeric('total-blocking-time')),
    lcp: Math.round(numeric('largest-contentful-paint')),
    failedAudits: Object.entries(lhr.audits)
      .filter(([, a]) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .map(([id]) => id),
    shifted: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => `${item.node?.selector ?? '?'} (${round(item.score ?? 0, 3)})`),
    lcpElement: firstSelector(lhr.audits['largest-contentful-paint-element']?.details) ?? firstSelector(lhr.audits['lcp-breakdown-insight']?.details) ?? '?',
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? [])
      .slice(0, 4)
      .map((item) => `${(item.url ?? '?').replace(/^https?:\/\/[^/]+/, '')} ${Math.round(item.duration ?? 0)} ms`),
  };
}

/**
 * "Fast on a phone": the built app (API + web, as `npm start` serves it) with
 * 10,000 voyages published through the command path, audited by Lighthouse
 * (the npm package, mobile emulation) in Debian's Chromium. Each page is
 * loaded RUNS times on a cold cache; the median of each metric is kept.
 */
export const runLighthouseBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-lighthouse-')) });
  const runtime = await startApplication(config, databaseUrl, quietLogger);
  let voyageId: string;
  try {
    runtime.startProjectors();
    // The voyages benchmark may have published its fleet in this database already: top up to VOYAGES.
    const [published] = await runtime.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM voyage_summaries WHERE status <> 'draft'`);
    const generated = await generateVoyages(runtime, Math.max(0, VOYAGES - (published?.n ?? 0)), { log });
    if (generated.lastPosition && !(await runtime.progress.waitFor(generated.lastPosition, ['voyage-summaries'], 300_000))) {
      throw new Error('voyage-summaries did not catch up with the generated voyages');
    }
    const [first] = await runtime.dataSource.query<{ voyage_id: string }[]>(
      `SELECT voyage_id FROM voyage_summaries WHERE status = 'active' ORDER BY start_date, voyage_id LIMIT 1`,
    );
    if (!first) throw new Error('no voyage to open');
    voyageId = first.voyage_id;
    log(`${VOYAGES} voyages published; the detail page opens ${voyageId}`);
  } finally {
    await runtime.close();
  }

  const allPages: Record<string, string> = {
    home: '/',
    voyagesMap: '/voyages',
    voyagesList: '/voyages?view=list',
    voyageDetail: `/voyages/${voyageId}`,
    login: '/login',
    // The languages issue: its budgets hold in French and German too (each page fetches its own catalogues).
    homeFr: '/fr',
    voyagesMapDe: '/de/voyages',
  };
  // BENCH_LIGHTHOUSE_PAGES=voyageDetail,login audits only those (while working on one page).
  const only = process.env['BENCH_LIGHTHOUSE_PAGES']?.split(',').filter(Boolean);
  const pages = Object.fromEntries(Object.entries(allPages).filter(([name]) => !only || only.includes(name)));

  let server: Server | null = null;
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: RunLighthouse };
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const runs: Record<string, PageRun[]> = {};
  try {
    server = await startServer('api', databaseUrl, '/');
    const origin = new URL(server.url).origin;
    for (const [name, pagePath] of Object.entries(pages)) {
      runs[name] = [];
      // One throw-away load warms the server's caches and the OS page cache, not the browser's (Lighthouse clears it).
      await audit(lighthouse, chrome.port, `${origin}${pagePath}`);
      for (let i = 0; i < RUNS; i++) {
        const run = await audit(lighthouse, chrome.port, `${origin}${pagePath}`);
        runs[name].push(run);
        log(`${pagePath} run ${i + 1}/${RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, CLS ${run.cls}, TBT ${run.tbt} ms, LCP ${run.lcp} ms`);
        if (run.failedAudits.length > 0) log(`  failed audits: ${run.failedAudits.join(', ')}`);
        if (run.cls > GOALS.cls.value) log(`  shifted: ${run.shifted.join('; ')}`);
        if (run.tbt > GOALS.tbt.value) log(`  long tasks: ${run.longTasks.join('; ')}`);
        if (run.lcp > GOALS.lcp.value) log(`  largest contentful paint: ${run.lcpElement}`);
      }
    }
  } finally {
    await server?.stop();
    chrome.kill();
  }

  const figures: Record<string, Figure> = {};
  for (const [name, pagePath] of Object.entries(pages)) {
    const pageRuns = runs[name] ?? [];
    const mid = (pick: (run: PageRun) => number): number => median(pageRuns.map(pick));
    const label = name === 'voyageDetail' ? '/voyages/{id}' : pagePath;
    figures[`${name}Performance`] = figure(
      `${label} performance score`,
      mid((r) => r.performance),
      'score',
      GOALS.performance,
    );
    figures[`${name}Accessibility`] = figure(
      `${label} accessibility score`,
      mid((r) => r.accessibility),
      'score',
      GOALS.accessibility,
    );
    figures[`${name}Cls`] = figure(
      `${label} cumulative layout shift`,
      round(
        mid((r) => r.cls),
        3,
      ),
      'CLS',
      GOALS.cls,
    );
    figures[`${name}Tbt`] = figure(
      `${label} total blocking time`,
      mid((r) => r.tbt),
      'ms',
      GOALS.tbt,
    );
    figures[`${name}Lcp`] = figure(
      `${label} largest contentful paint`,
      mid((r) => r.lcp),
      'ms',
      GOALS.lcp,
    );
  }
  return {
    name: 'lighthouse',
    title: `Lighthouse, mobile emulation, ${VOYAGES.toLocaleString('en')} voyages, median of ${RUNS} runs per page`,
    figures,
    details: { voyages: VOYAGES, runsPerPage: RUNS, pages, runs },
  };
};
