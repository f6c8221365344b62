import { execFile, fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateVoyages } from '../apps/api/src/cli/voyage-generator';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { startApplication } from '../apps/api/src/application';
import { atMost, figure, isMessage, median, quietLogger, round, type BenchResult, type Figure, type ServerKind, type ServerReadyMessage, type ServerStopMessage } from './support';

/**
 * Instructions per request, API against raw node:http: a figure that does not
 * move with the machine's load the way requests per second do. Each server
 * runs under valgrind's callgrind (`--smc-check=all`, as V8 writes the code it
 * runs) with counting off during start-up and the warm-up; then counting
 * is switched on (`callgrind_control -i on`), a few more requests pass, the counters are zeroed (`callgrind_control -z`),
 * REQUESTS requests are sent one after another on one keep-alive connection,
 * the counters are dumped (`callgrind_control -d`), and the dump's total is
 * divided by REQUESTS; zero, send and dump are repeated ROUNDS times and
 * the median kept, in each of PROCESSES fresh processes per server, whose
 * median is the figure. Two figures: the main thread (the event loop: the
 * request's own work) and every thread (with the JIT compiler and GC helpers,
 * which keep recompiling node's own HTTP code in the steady state too, so
 * that figure is noisier). `--separate-threads=yes` gives one dump per thread.
 *
 * Routes: GET /api/health/live (the trivial route) and the browse list
 * `GET /api/voyages/?limit=20` as a browser asks for it (brotli) over a small
 * generated fleet, the raw server sending the very bytes the API sent.
 * Without valgrind the benchmark says so and reports nothing.
 */

const VALGRIND = process.env['BENCH_VALGRIND'] ?? '/usr/bin/valgrind';
const CALLGRIND_CONTROL = path.join(path.dirname(VALGRIND), 'callgrind_control');
const WARMUP = 3_000;
const REQUESTS = 2_000;
const ROUNDS = 3;
const PROCESSES = 3;
const VOYAGES = 200;
const LIVE_PATH = '/api/health/live';
const LIST_PATH = '/api/voyages/?limit=20';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const run = promisify(execFile);

interface Callgrinded {
  readonly child: ChildProcess;
  readonly port: number;
  readonly outDir: string;
  stop(): Promise<void>;
}

/** Forks bench/http-server under callgrind; start-up under valgrind takes a while. */
const startUnderCallgrind = (kind: ServerKind, args: readonly string[], roles = 'http'): Promise<Callgrinded> =>
  new Promise((resolve, reject) => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'crew-bench-callgrind-'));
    const child = fork(path.join(__dirname, 'http-server.js'), [kind, ...args], {
      execPath: VALGRIND,
      // Counting starts only when asked (callgrind_control -i on): start-up under full instrumentation takes many minutes.
      execArgv: [
        '--tool=callgrind',
        '--smc-check=all',
        '--instr-atstart=no',
        '--separate-threads=yes',
        `--callgrind-out-file=${path.join(outDir, 'callgrind.out.%p')}`,
        process.execPath,
      ],
      env: { ...process.env, BENCH_API_ROLES: roles },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${kind} server under callgrind did not start within 10 minutes`));
    }, 600_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server under callgrind exited during start-up (code ${String(code)})`));
    });
    child.on('message', (message: unknown) => {
      if (!isMessage<ServerReadyMessage>(message, 'ready')) return;
      clearTimeout(timer);
      resolve({
        child,
        port: message.port,
        outDir,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            const stop: ServerStopMessage = { type: 'stop' };
            child.send(stop);
            const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
            await exited;
            clearTimeout(killer);
          }
          rmSync(outDir, { recursive: true, force: true });
        },
      });
    });
  });

/** `count` requests one after another on one keep-alive connection; every answer must be 200. */
const sendRequests = async (port: number, requestPath: string, count: number, headers: Record<string, string> = {}): Promise<Buffer> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let last: Buffer = Buffer.alloc(0);
  try {
    for (let i = 0; i < count; i++) {
      last = await new Promise<Buffer>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: requestPath, agent, headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => (response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${requestPath} answered ${response.statusCode}`))));
          })
          .on('error', reject);
      });
    }
  } finally {
    agent.destroy();
  }
  return last;
};

interface PerRequest {
  readonly all: number;
  readonly main: number;
}

/** Headers node or the connection adds by itself, or that differ per answer: not part of what the raw server is told to send. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One answer of the API, body and headers, for the raw server to send byte for byte. */
const captureAnswer = (port: number, requestPath: string, headers: Record<string, string>): Promise<{ body: Buffer; headers: Record<string, string> }> =>
  new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: requestPath, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`${requestPath} answered ${response.statusCode}`));
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!OWN_HEADERS.has(name) && value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ body: Buffer.concat(chunks), headers: kept });
        });
      })
      .on('error', reject);
  });

/** Zero, send, dump: instructions per request, on the main thread and on all threads, in one round. */
const countRound = async (server: Callgrinded, requestPath: string, headers: Record<string, string>): Promise<PerRequest> => {
  const pid = String(server.child.pid);
  await run(CALLGRIND_CONTROL, ['-z', pid], { timeout: 120_000 });
  await sendRequests(server.port, requestPath, REQUESTS, headers);
  const before = new Set(readdirSync(server.outDir));
  await run(CALLGRIND_CONTROL, ['-d', pid], { timeout: 120_000 });
  // One file per thread: callgrind.out.<pid>.<dump>-<thread>, thread 01 being the main one.
  const dumps = readdirSync(server.outDir).filter((name) => !before.has(name) && new RegExp(`^callgrind\\.out\\.${pid}\\.\\d+-\\d+$`).test(name));
  if (dumps.length === 0) throw new Error('callgrind wrote no dump');
  let all = 0;
  let main = 0;
  for (const dump of dumps) {
    const totals = /^(?:summary|totals):\s*(\d+)/m.exec(readFileSync(path.join(server.outDir, dump), 'utf8'));
    if (!totals?.[1]) throw new Error(`no instruction total in ${dump}`);
    all += Number(totals[1]);
    if (dump.endsWith('-01')) main += Number(totals[1]);
  }
  return { all: all / REQUESTS, main: main / REQUESTS };
};

/**
 * The median of ROUNDS rounds, each figure on its own: timers and garbage
 * collection that happen to fall inside one round (a GC thread's whole
 * marking cycle, say) would otherwise move the count by a fifth from run to run.
 */
const instructionsPerRequest = async (server: Callgrinded, requestPath: string, headers: Record<string, string> = {}): Promise<PerRequest> => {
  await sendRequests(server.port, requestPath, WARMUP, headers);
  await run(CALLGRIND_CONTROL, ['-i', 'on', String(server.child.pid)], { timeout: 120_000 });
  await sendRequests(server.port, requestPath, WARMUP / 10, headers);
  const rounds: PerRequest[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await countRound(server, requestPath, headers));
  return { all: median(rounds.map((r) => r.all)), main: median(rounds.map((r) => r.main)) };
};

/** One server process: started, counted, stopped. */
const countProcess = async (start: () => Promise<Callgrinded>, requestPath: string, headers: Record<string, string>): Promise<PerRequest> => {
  const server = await start();
  try {
    return await instructionsPerRequest(server, requestPath, headers);
  } finally {
    await server.stop();
  }
};

const medianOf = (counts: readonly PerRequest[]): PerRequest => ({ all: median(counts.map((c) => c.all)), main: median(counts.map((c) => c.main)) });

/**
 * API and raw node, PROCESSES fresh processes each, alternating, and the
 * median of each: one process's JIT may optimise the hot path differently
 * from the next (a fifth more or less on the API's count), which rounds
 * inside one process do not even out.
 */
const measurePair = async (
  label: string,
  startApi: () => Promise<Callgrinded>,
  startRaw: () => Promise<Callgrinded>,
  requestPath: string,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<{ api: PerRequest; raw: PerRequest }> => {
  const apis: PerRequest[] = [];
  const raws: PerRequest[] = [];
  for (let process = 0; process < PROCESSES; process++) {
    apis.push(await countProcess(startApi, requestPath, headers));
    raws.push(await countProcess(startRaw, requestPath, headers));
  }
  const apiCount = medianOf(apis);
  const rawCount = medianOf(raws);
  const said = (count: number): string => Math.round(count).toLocaleString('en');
  log(
    `${label}: main thread API ${said(apiCount.main)} instructions/request, raw node ${said(rawCount.main)} (${round(apiCount.main / rawCount.main, 2)}×); ` +
      `all threads API ${said(apiCount.all)}, raw ${said(rawCount.all)} (${round(apiCount.all / rawCount.all, 2)}×); ` +
      `API processes (main) ${apis.map((c) => said(c.main)).join(', ')}`,
  );
  return { api: apiCount, raw: rawCount };
};

export const runInstructionsBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const title = 'Instructions per request under callgrind (API vs raw node:http)';
  if (!existsSync(VALGRIND) || !existsSync(CALLGRIND_CONTROL)) {
    log(`valgrind not found at ${VALGRIND} (apt-get install valgrind): instruction counts skipped`);
    return { name: 'instructions', title, figures: {}, details: { skipped: `valgrind not found at ${VALGRIND}` } };
  }
  // A small fleet for the browse list, projected before the servers start.
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crew-bench-instructions-')) });
  const runtime = await startApplication(config, databaseUrl, quietLogger);
  try {
    runtime.startProjectors();
    const generated = await generateVoyages(runtime, VOYAGES);
    if (generated.lastPosition && !(await runtime.progress.waitFor(generated.lastPosition, ['voyage-summaries'], 120_000))) {
      throw new Error('voyage-summaries did not catch up with the generated voyages');
    }
  } finally {
    await runtime.close();
  }

  // The raw server answers byte for byte what the API answered (body and headers, security headers included).
  const answerDir = mkdtempSync(path.join(os.tmpdir(), 'crew-bench-instructions-answer-'));
  const startApiCapturing = (requestPath: string, headers: Record<string, string>, name: string) => async (): Promise<Callgrinded> => {
    const api = await startUnderCallgrind('api', [databaseUrl]);
    const answer = await captureAnswer(api.port, requestPath, headers);
    writeFileSync(path.join(answerDir, `${name}.body`), answer.body);
    writeFileSync(path.join(answerDir, `${name}.headers.json`), JSON.stringify(answer.headers));
    return api;
  };
  const startRawSending = (name: string) => (): Promise<Callgrinded> =>
    startUnderCallgrind('raw', [databaseUrl, path.join(answerDir, `${name}.body`), 'identity', path.join(answerDir, `${name}.headers.json`)]);
  try {
    const trivial = await measurePair('GET /api/health/live', startApiCapturing(LIVE_PATH, {}, 'live'), startRawSending('live'), LIVE_PATH, {}, log);
    const list = await measurePair(
      `GET ${LIST_PATH} (${VOYAGES} voyages, brotli)`,
      startApiCapturing(LIST_PATH, BROWSER, 'list'),
      startRawSending('list'),
      LIST_PATH,
      BROWSER,
      log,
    );
    const figures: Record<string, Figure> = {
      trivialApi: figure('trivial route, API (all threads)', Math.round(trivial.api.all), 'instructions/request'),
      trivialRaw: figure('trivial route, raw node (all threads)', Math.round(trivial.raw.all), 'instructions/request'),
      trivialRatio: figure('trivial route, API / raw (all threads)', round(trivial.api.all / trivial.raw.all, 2), 'ratio', atMost(1.5)),
      trivialMainApi: figure('trivial route, API (main thread)', Math.round(trivial.api.main), 'instructions/request'),
      trivialMainRaw: figure('trivial route, raw node (main thread)', Math.round(trivial.raw.main), 'instructions/request'),
      trivialMainRatio: figure('trivial route, API / raw (main thread)', round(trivial.api.main / trivial.raw.main, 2), 'ratio'),
      listApi: figure('browse list, API (all threads)', Math.round(list.api.all), 'instructions/request'),
      listRaw: figure('browse list, raw node (all threads)', Math.round(list.raw.all), 'instructions/request'),
      listRatio: figure('browse list, API / raw (all threads)', round(list.api.all / list.raw.all, 2), 'ratio'),
      listMainApi: figure('browse list, API (main thread)', Math.round(list.api.main), 'instructions/request'),
      listMainRaw: figure('browse list, raw node (main thread)', Math.round(list.raw.main), 'instructions/request'),
      listMainRatio: figure('browse list, API / raw (main thread)', round(list.api.main / list.raw.main, 2), 'ratio'),
    };
    return {
      name: 'instructions',
      title,
      figures,
      details: {
        tool: 'valgrind --tool=callgrind --smc-check=all --instr-atstart=no --separate-threads=yes',
        warmupRequests: WARMUP,
        countedRequests: REQUESTS,
        rounds: `median of ${ROUNDS} rounds per process, median of ${PROCESSES} processes each`,
        connection: 'one keep-alive connection, one request at a time',
        voyages: VOYAGES,
      },
    };
  } finally {
    rmSync(answerDir, { recursive: true, force: true });
  }
};
