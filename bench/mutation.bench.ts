import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { atLeast, figure, round, type BenchResult } from './support';

/**
 * The domain's mutation score (docs/testing.md): the share of Stryker's mutants
 * of libs/domain/src that its unit tests kill. Read from the JSON report of the
 * last `npm run test:mutation`; when the domain, its tests or the Stryker config
 * changed since, Stryker runs first, incrementally (only the mutants those
 * changes touch run again). BENCH_MUTATION_RUN=0 never runs it: a stale report
 * is then read as it is and said to be stale.
 */

const ROOT = path.resolve(__dirname, '../..');
const REPORT = path.join(ROOT, 'reports/mutation/mutation.json');
/** What the score depends on: a report older than any of these is stale. */
const INPUTS = ['libs/domain/src', 'stryker.config.mjs', 'libs/domain/jest.config.js'];
export const MUTATION_SCORE_GOAL = 90;

/** The mutation-testing-report-schema's statuses, as Stryker writes them. */
type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
interface MutationReport {
  readonly files: Readonly<Record<string, { readonly mutants: readonly { readonly status: MutantStatus }[] }>>;
}

export interface MutationCounts {
  readonly mutants: number;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Ignored, and mutants that did not compile or broke the test run: not part of the score. */
  readonly excluded: number;
  /** (killed + timeout) / (mutants − excluded), in percent: covered and uncovered mutants alike. */
  readonly score: number;
}

export const countMutants = (statuses: readonly MutantStatus[]): MutationCounts => {
  const count = (...wanted: MutantStatus[]): number => statuses.filter((status) => wanted.includes(status)).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const excluded = count('Ignored', 'CompileError', 'RuntimeError', 'Pending');
  const valid = statuses.length - excluded;
  return {
    mutants: statuses.length,
    killed,
    timeout,
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    excluded,
    score: valid === 0 ? Number.NaN : round((100 * (killed + timeout)) / valid, 2),
  };
};

const newestChange = (entry: string): number => {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
};

export const runMutationBenchmark = async (_databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const inputsChanged = Math.max(...INPUTS.map((input) => newestChange(path.join(ROOT, input))));
  let stale = !existsSync(REPORT) || statSync(REPORT).mtimeMs < inputsChanged;
  let ranSeconds: number | null = null;
  if (stale && process.env['BENCH_MUTATION_RUN'] !== '0') {
    log('the mutation report is missing or older than the domain: running Stryker (incremental)');
    const started = performance.now();
    const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js'), 'run'], { cwd: ROOT, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`Stryker exited with ${run.status ?? run.signal}`);
    ranSeconds = round((performance.now() - started) / 1_000, 1);
    stale = false;
  } else if (stale) {
    log('the mutation report is older than the domain (BENCH_MUTATION_RUN=0): reading it as it is');
  }
  if (!existsSync(REPORT)) throw new Error(`no mutation report at ${path.relative(ROOT, REPORT)}: run npm run test:mutation`);

  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as MutationReport;
  const files = Object.entries(report.files);
  const all = countMutants(files.flatMap(([, file]) => file.mutants.map((mutant) => mutant.status)));
  const perFile = Object.fromEntries(files.map(([name, file]) => [name, countMutants(file.mutants.map((mutant) => mutant.status))]));
  log(`${all.killed + all.timeout} of ${all.mutants - all.excluded} mutants killed: ${all.score} %`);
  return {
    name: 'mutation',
    title: 'Domain mutation score (Stryker, libs/domain unit tests)',
    figures: {
      score: figure('domain mutation score', all.score, '%', atLeast(MUTATION_SCORE_GOAL)),
      mutants: figure('domain mutants', all.mutants, 'mutants'),
      survived: figure('domain mutants surviving (covered)', all.survived, 'mutants'),
      noCoverage: figure('domain mutants no test reaches', all.noCoverage, 'mutants'),
    },
    details: { report: path.relative(ROOT, REPORT), reportWritten: statSync(REPORT).mtime.toISOString(), stale, strykerRunSeconds: ranSeconds, all, perFile },
  };
};
