import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdminConfigBenchmark } from './admin-config.bench';
import { runAdminUsersBenchmark } from './admin-users.bench';
import { runAnalyticsBenchmark } from './analytics.bench';
import { runAppendBenchmark } from './append.bench';
import { runApplicationsBenchmark } from './applications.bench';
import { runAuthBenchmark } from './auth.bench';
import { runAlertsBenchmark } from './alerts.bench';
import { runCampaignBenchmark } from './campaign.bench';
import { runHttpBenchmark } from './http.bench';
import { runInstructionsBenchmark } from './instructions.bench';
import { runMessagingBenchmark } from './messaging.bench';
import { runMutationBenchmark } from './mutation.bench';
import { runInteractionBenchmark } from './interaction.bench';
import { runLighthouseBenchmark } from './lighthouse.bench';
import { runPortsBenchmark } from './ports.bench';
import { runHarboursBenchmark } from './harbours.bench';
import { runRebuildBenchmark, runVoyageCreationsRebuildBenchmark } from './rebuild.bench';
import { runScaleBenchmark } from './scale.bench';
import { runStreamsBenchmark } from './streams.bench';
import { runSupportTicketsBenchmark } from './support-tickets.bench';
import { runVoyagesBenchmark } from './voyages.bench';
import { runWebhookBenchmark } from './webhook.bench';
import { runWebBudgetBenchmark } from './web-budget.bench';
import { createBenchDatabase, round, serverVersion, type BenchResult, type Figure } from './support';

/**
 * Runs every benchmark in one process against one throw-away database, prints
 * a table and writes bench/results/latest.json.
 *
 *   npm run bench                         all benchmarks
 *   node dist/bench/run-all.js http       only some (nothing is written then, unless
 *                                         BENCH_RECORD=1: their results replace theirs in
 *                                         latest.json, each with the date it was measured)
 *   BENCH_STRICT=1 npm run bench          exit 1 when a goal is missed
 *   BENCH_KEEP_DATABASE=1 ...             keep the bench database for inspection
 */

interface Benchmark {
  readonly name: string;
  run(databaseUrl: string, log: (line: string) => void): Promise<BenchResult | BenchResult[]>;
}

const benchmarks: readonly Benchmark[] = [
  // HTTP first: nothing else runs then, and its API process migrates the database.
  { name: 'http', run: runHttpBenchmark },
  // Instructions per request under callgrind (skipped without valgrind): a figure the machine's load does not move.
  { name: 'instructions', run: runInstructionsBenchmark },
  { name: 'append', run: (url, log) => runAppendBenchmark(url, log) },
  { name: 'append-50', run: (url, log) => runAppendBenchmark(url, log, 'Writers50', 50) },
  // Writes a log of a million events, so it comes after the fresh-log append run (its instruction counts use a small database of their own).
  { name: 'rebuild', run: runRebuildBenchmark },
  // In a database of its own: a log of 100,000 voyage creations, every projection rebuilt on it.
  { name: 'rebuild-voyages', run: runVoyageCreationsRebuildBenchmark },
  // Same load again on the large log the rebuild left (its checkpoint is at the head).
  { name: 'append-large', run: (url, log) => runAppendBenchmark(url, log, 'LargeLog') },
  { name: 'streams', run: runStreamsBenchmark },
  { name: 'auth', run: runAuthBenchmark },
  { name: 'voyages', run: runVoyagesBenchmark },
  { name: 'applications', run: runApplicationsBenchmark },
  { name: 'ports', run: runPortsBenchmark },
  // What sailors type (scripts/ports/harbour-queries.tsv): the share found among the first three answers.
  { name: 'harbours', run: runHarboursBenchmark },
  { name: 'webhook', run: runWebhookBenchmark },
  // In a database of its own: 100,000 users and 10,000 config events of its own.
  { name: 'admin-config', run: runAdminConfigBenchmark },
  { name: 'admin-users', run: runAdminUsersBenchmark },
  // In a database of its own, with Redis: 100,000 members and one campaign to all of them.
  { name: 'campaign', run: runCampaignBenchmark },
  // In a database of its own, with Redis: 100,000 members with a saved search each; matching, instant alerts and daily digests.
  { name: 'alerts', run: runAlertsBenchmark },
  // In a database of its own: 100,000 messages; two API instances share Redis.
  { name: 'messaging', run: runMessagingBenchmark },
  // In a database of its own: 50,000 tickets written by the support-tickets projector.
  { name: 'support-tickets', run: runSupportTicketsBenchmark },
  // In a database of its own: a year of platform activity and a million page views, the API forked.
  { name: 'analytics', run: runAnalyticsBenchmark },
  // In databases of its own (kept between runs): 10,000 and 100,000 voyages, ten members and twenty applications each, over HTTP.
  { name: 'scale', run: runScaleBenchmark },
  { name: 'web', run: runWebBudgetBenchmark },
  // Reads the last Stryker report of the domain; runs Stryker (incrementally) first only when the domain changed since.
  { name: 'mutation', run: runMutationBenchmark },
  // Last: it publishes its own 10,000 voyages and drives Chromium for a few minutes.
  { name: 'lighthouse', run: runLighthouseBenchmark },
  // After Lighthouse, on its voyages: interaction to next paint on a phone profile.
  { name: 'interaction', run: runInteractionBenchmark },
];

const RESULTS_DIR = path.resolve(__dirname, '../../bench/results');

const formatGoal = (f: Figure): string => (f.goal ? `${f.goal.op} ${f.goal.value.toLocaleString('en')}` : '');
const formatResult = (f: Figure): string => (f.pass === null ? '' : f.pass ? 'pass' : 'MISS');

const printTable = (results: readonly BenchResult[]): void => {
  const rows = results.flatMap((r) => Object.values(r.figures).map((f) => [r.name, f.label, `${f.value.toLocaleString('en')} ${f.unit}`, formatGoal(f), formatResult(f)]));
  const header = ['benchmark', 'figure', 'value', 'goal', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(line(row));
};

const writeResults = (payload: unknown): string => {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const target = path.join(RESULTS_DIR, 'latest.json');
  // Write aside and rename, so an interrupted run never leaves half a file.
  const temporary = `${target}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(payload, null, 2)}\n`);
  renameSync(temporary, target);
  return target;
};

const main = async (): Promise<void> => {
  const selected = process.argv.slice(2);
  const unknown = selected.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknown.length > 0) throw new Error(`unknown benchmark(s) ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`);
  const toRun = selected.length === 0 ? benchmarks : benchmarks.filter((b) => selected.includes(b.name));

  const started = performance.now();
  const database = await createBenchDatabase();
  console.log(`bench database ${database.name}; node ${process.version}, ${os.cpus().length} CPUs`);
  const results: BenchResult[] = [];
  const errors: Record<string, string> = {};
  let postgres = 'unknown';
  try {
    postgres = await serverVersion(database.url);
    for (const benchmark of toRun) {
      const log = (line: string): void => console.log(`[${benchmark.name}] ${line}`);
      try {
        const produced = await benchmark.run(database.url, log);
        results.push(...(Array.isArray(produced) ? produced : [produced]));
      } catch (error) {
        // Record and carry on: one broken benchmark should not hide the others.
        errors[benchmark.name] = error instanceof Error ? error.message : String(error);
        log(`FAILED: ${errors[benchmark.name]}`);
      }
    }
  } finally {
    if (process.env['BENCH_KEEP_DATABASE'] === '1') console.log(`kept database ${database.name}`);
    else await database.drop();
  }

  printTable(results);
  const figures = results.flatMap((r) => Object.values(r.figures));
  const missed = figures.filter((f) => f.pass === false).length;
  const goals = figures.filter((f) => f.pass !== null).length;
  const seconds = round((performance.now() - started) / 1_000, 1);
  console.log(`\n${goals - missed}/${goals} goals met in ${seconds} s`);

  if (selected.length === 0) {
    const target = writeResults({
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      platform: `${os.platform()} ${os.arch()}`,
      postgres,
      durationSeconds: seconds,
      goalsMet: goals - missed,
      goals,
      allPassed: missed === 0 && Object.keys(errors).length === 0,
      errors,
      benchmarks: Object.fromEntries(results.map((r) => [r.name, { title: r.title, figures: r.figures, details: r.details }])),
    });
    console.log(`results written to ${path.relative(process.cwd(), target)}`);
  } else if (process.env['BENCH_RECORD'] === '1' && Object.keys(errors).length === 0) {
    const target = path.join(RESULTS_DIR, 'latest.json');
    const previous = (existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : { benchmarks: {} }) as { benchmarks: Record<string, { figures: Record<string, Figure> }> };
    const measured = new Date().toISOString();
    for (const r of results) previous.benchmarks[r.name] = { date: measured, title: r.title, figures: r.figures, details: r.details } as (typeof previous.benchmarks)[string];
    const all = Object.values(previous.benchmarks).flatMap((b) => Object.values(b.figures));
    const allMissed = all.filter((f) => f.pass === false).length;
    const allGoals = all.filter((f) => f.pass !== null).length;
    writeResults({ ...previous, goalsMet: allGoals - allMissed, goals: allGoals, allPassed: allMissed === 0 });
    console.log(`${results.map((r) => r.name).join(', ')} recorded in ${path.relative(process.cwd(), target)}`);
  }
  if (Object.keys(errors).length > 0 || (missed > 0 && process.env['BENCH_STRICT'] === '1')) process.exitCode = 1;
};

main()
  .catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => {
    // Everything is closed by now, so the process exits by itself; if a handle
    // leaks, say so instead of hanging (an unref'd timer keeps nothing alive).
    setTimeout(() => {
      console.error('bench: something still holds the event loop open 10 s after the end; exiting');
      process.exit(1);
    }, 10_000).unref();
  });
