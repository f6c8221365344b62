import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { hashPassword } from '../apps/api/src/modules/accounts/password-hasher';
import { generateVoyages } from '../apps/api/src/cli/voyage-generator';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { startServer, type Server } from './http.bench';
import { atMost, figure, median, quietLogger, type BenchResult, type Figure } from './support';

const VOYAGES = 10_000;
const RUNS = 3;
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Lighthouse's mobile profile: a Moto G Power's screen and a CPU four times slower than this machine's. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;
const CPU_SLOWDOWN = Number(process.env['BENCH_INP_CPU_SLOWDOWN']) || 4;
/** Issue 29: every interaction answers (paints) within 200 ms. */
const GOAL = atMost(200);

/** web-vitals' own build, run in the page before the app: INP as the library reports it, every change. */
const webVitalsScript = (): string => {
  // The package exports only its modules; the script build sits beside them.
  const file = path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js');
  return `${readFileSync(file, 'utf8')}
window.__inp = [];
webVitals.onINP((metric) => window.__inp.push(metric.value), { reportAllChanges: true, durationThreshold: 0 });`;
};

/**
 * The INP web-vitals reports for one interaction on a freshly loaded page:
 * INP is the page's worst interaction so far, so each interaction is the
 * first and only one of its page load.
 */
async function inpOf(page: Page, act: () => Promise<void>): Promise<number> {
  await act();
  // The next frame has painted by now; give the observer its callback.
  await page.waitForTimeout(500);
  const values = await page.evaluate(() => (window as unknown as { __inp: number[] }).__inp);
  return values.length ? Math.max(...values) : Number.NaN;
}

/**
 * "Quick to answer on a phone": interaction to next paint of the three
 * interactions a crew member makes most (open a voyage from the list, open
 * the application form, switch between map and list), in Chromium with
 * Lighthouse's phone screen and 4x CPU slowdown, measured by web-vitals in
 * the page. Each is made RUNS times in a fresh browser context; the median
 * is kept.
 */
export const runInteractionBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-inp-')) });
  const runtime = await startApplication(config, databaseUrl, quietLogger);
  let token: string;
  let voyageId: string;
  try {
    runtime.startProjectors();
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
    const [crew] = await runtime.dataSource.query<{ id: string }[]>(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, email_verified) VALUES ($1, $2, 'Bench', 'Crew', 'crew', true) RETURNING id`,
      [`bench-inp-${Date.now()}@crew.test`, await hashPassword('bench-pass-1')],
    );
    token = runtime.tokens.sign(crew!.id, 0);
  } finally {
    await runtime.close();
  }

  let server: Server | null = null;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'],
  });
  const samples: Record<'openVoyage' | 'openApply' | 'mapToList' | 'listToMap', number[]> = { openVoyage: [], openApply: [], mapToList: [], listToMap: [] };
  try {
    server = await startServer('api', databaseUrl, '/');
    const origin = new URL(server.url).origin;
    const script = webVitalsScript();
    const phonePage = async (signedIn: boolean): Promise<Page> => {
      const context = await browser.newContext({ ...PHONE, baseURL: origin });
      await context.addInitScript(
        (session) => {
          window.localStorage.setItem('crew.cookie_consent', JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString() }));
          if (session) window.localStorage.setItem('crew.access_token', session);
        },
        signedIn ? token : null,
      );
      await context.addInitScript(script);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      return page;
    };
    /** A fresh phone page at `path`, settled (network idle, nothing more to draw). */
    const opened = async (path: string, signedIn: boolean): Promise<Page> => {
      const page = await phonePage(signedIn);
      await page.goto(path, { waitUntil: 'networkidle' });
      return page;
    };
    for (let run = 1; run <= RUNS; run++) {
      // A voyage from the list: the tap on its title until the next frame.
      let page = await opened('/voyages?view=list', false);
      const firstTitle = page.locator('.voyage-card:not(.voyage-card--disabled) .voyage-card__title a').first();
      await firstTitle.waitFor();
      samples.openVoyage.push(
        await inpOf(page, async () => {
          await firstTitle.click();
          await page.waitForURL(/\/voyages\/[^/?]+$/);
        }),
      );
      await page.context().close();
      // Map and list: the view switch, both ways.
      page = await opened('/voyages', false);
      samples.mapToList.push(await inpOf(page, () => page.getByRole('button', { name: 'List View' }).click()));
      await page.context().close();
      page = await opened('/voyages?view=list', false);
      await page.locator('.voyage-card').first().waitFor();
      samples.listToMap.push(await inpOf(page, () => page.getByRole('button', { name: 'Map View' }).click()));
      await page.context().close();
      // The application form, as a signed-in crew member.
      page = await opened(`/voyages/${voyageId}`, true);
      const apply = page.getByRole('button', { name: 'Apply to Join' });
      await apply.waitFor();
      samples.openApply.push(
        await inpOf(page, async () => {
          await apply.click();
          await page.getByRole('dialog').waitFor();
        }),
      );
      await page.context().close();
      log(
        `run ${run}/${RUNS}: open voyage ${samples.openVoyage.at(-1)} ms, open apply ${samples.openApply.at(-1)} ms, map→list ${samples.mapToList.at(-1)} ms, list→map ${samples.listToMap.at(-1)} ms`,
      );
    }
  } finally {
    await server?.stop();
    await browser.close();
  }
  // A run whose interaction left no event entry (none at or over web-vitals' 8 ms granularity) has nothing to report.
  const mid = (values: readonly number[]): number => median(values.filter((value) => Number.isFinite(value)));
  const figures: Record<string, Figure> = {
    openVoyageInp: figure('INP, open a voyage from the list', mid(samples.openVoyage), 'ms', GOAL),
    openApplyInp: figure('INP, open the apply dialog', mid(samples.openApply), 'ms', GOAL),
    mapToListInp: figure('INP, switch map → list', mid(samples.mapToList), 'ms', GOAL),
    listToMapInp: figure('INP, switch list → map', mid(samples.listToMap), 'ms', GOAL),
  };
  return {
    name: 'interaction',
    title: `Interaction to next paint (web-vitals), phone screen, ${CPU_SLOWDOWN}x CPU, median of ${RUNS}`,
    figures,
    details: { cpuSlowdown: CPU_SLOWDOWN, runs: RUNS, samples },
  };
};
