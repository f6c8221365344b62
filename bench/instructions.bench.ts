import { execFile, fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateVoyages } from '../apps/api/src/cli/voyage-generator';
import { loadConfig } from '../apps/api/src/platform/config/app-config';
import { createRuntime } from '../apps/api/src/platform/runtime';
import { atMost, figure, isMessage, quietLogger, round, type BenchResult, type Figure, type ServerKind, type ServerReadyMessage, type ServerStopMessage } from './support';

/**
 * Instructions per request, API against raw node:http: a figure that does not
 * move with the machine's load the way requests per second do. Each server
 * runs under valgrind's callgrind (`--smc-check=all`, as V8 writes the code it
 * runs); after a warm-up the counters are zeroed (`callgrind_control -z`),
 * REQUESTS requests are sent one after another on one keep-alive connection,
 * the counters are dumped (`callgrind_control -d`), and the dump's total is
 * divided by REQUESTS. Every thread of the process counts (JIT compiler, GC).
 *
 * Routes: GET /api/health/live (the trivial route) and the browse list
 * `GET /api/voyages/?limit=20` as a browser asks for it (brotli) over a small
 * generated fleet, the raw server sending the very bytes the API sent.
 * Without valgrind the benchmark says so and reports nothing.
 */

const VALGRIND = process.env['BENCH_VALGRIND'] ?? '/usr/bin/valgrind';
const CALLGRIND_CONTROL = path.join(path.dirname(VALGRIND), 'callgrind_control');
const WARMUP = 1_000;
const REQUESTS = 2_000;
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
      execArgv: ['--tool=callgrind', '--smc-check=all', `--callgrind-out-file=${path.join(outDir, 'callgrind.out.%p')}`, process.execPath],
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

/** Zero, send, dump: instructions per request. */
const instructionsPerRequest = async (server: Callgrinded, requestPath: string, headers: Record<string, string> = {}): Promise<number> => {
  await sendRequests(server.port, requestPath, WARMUP, headers);
  const pid = String(server.child.pid);
  await run(CALLGRIND_CONTROL, ['-z', pid], { timeout: 120_000 });
  await sendRequests(server.port, requestPath, REQUESTS, headers);
  const before = new Set(readdirSync(server.outDir));
  await run(CALLGRIND_CONTROL, ['-d', pid], { timeout: 120_000 });
  const dump = readdirSync(server.outDir).find((name) => !before.has(name) && name.startsWith(`callgrind.out.${pid}.`));
  if (!dump) throw new Error('callgrind wrote no dump');
  const totals = /^(?:summary|totals):\s*(\d+)/m.exec(readFileSync(path.join(server.outDir, dump), 'utf8'));
  if (!totals?.[1]) throw new Error(`no instruction total in ${dump}`);
  return Number(totals[1]) / REQUESTS;
};

const measurePair = async (
  label: string,
  startApi: () => Promise<Callgrinded>,
  startRaw: () => Promise<Callgrinded>,
  requestPath: string,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<{ api: number; raw: number }> => {
  const api = await startApi();
  let apiCount: number;
  try {
    apiCount = await instructionsPerRequest(api, requestPath, headers);
  } finally {
    await api.stop();
  }
  const raw = await startRaw();
  let rawCount: number;
  try {
    rawCount = await instructionsPerRequest(raw, requestPath, headers);
  } finally {
    await raw.stop();
  }
  log(`${label}: API ${Math.round(apiCount).toLocaleString('en')} instructions/request, raw node ${Math.round(rawCount).toLocaleString('en')} (${round(apiCount / rawCount, 2)}×)`);
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
  const runtime = await createRuntime(config, databaseUrl, quietLogger);
  try {
    runtime.startProjectors();
    const generated = await generateVoyages(runtime, VOYAGES);
    if (generated.lastPosition && !(await runtime.progress.waitFor(generated.lastPosition, ['voyage-summaries'], 120_000))) {
      throw new Error('voyage-summaries did not catch up with the generated voyages');
    }
  } finally {
    await runtime.close();
  }

  const trivial = await measurePair('GET /api/health/live', () => startUnderCallgrind('api', [databaseUrl]), () => startUnderCallgrind('raw', [databaseUrl]), LIVE_PATH, {}, log);

  // The raw server sends the bytes the API sent a browser for the list (brotli).
  const bodyDir = mkdtempSync(path.join(os.tmpdir(), 'crew-bench-instructions-body-'));
  const bodyFile = path.join(bodyDir, 'voyages.json.br');
  try {
    const list = await measurePair(
      `GET ${LIST_PATH} (${VOYAGES} voyages, brotli)`,
      async () => {
        const api = await startUnderCallgrind('api', [databaseUrl]);
        writeFileSync(bodyFile, await sendRequests(api.port, LIST_PATH, 1, BROWSER));
        return api;
      },
      () => startUnderCallgrind('raw', [databaseUrl, bodyFile, 'br']),
      LIST_PATH,
      BROWSER,
      log,
    );
    const figures: Record<string, Figure> = {
      trivialApi: figure('trivial route, API', Math.round(trivial.api), 'instructions/request'),
      trivialRaw: figure('trivial route, raw node', Math.round(trivial.raw), 'instructions/request'),
      trivialRatio: figure('trivial route, API / raw', round(trivial.api / trivial.raw, 2), 'ratio', atMost(1.5)),
      listApi: figure('browse list, API', Math.round(list.api), 'instructions/request'),
      listRaw: figure('browse list, raw node', Math.round(list.raw), 'instructions/request'),
      listRatio: figure('browse list, API / raw', round(list.api / list.raw, 2), 'ratio'),
    };
    return {
      name: 'instructions',
      title,
      figures,
      details: { tool: 'valgrind --tool=callgrind --smc-check=all', warmupRequests: WARMUP, countedRequests: REQUESTS, connection: 'one keep-alive connection, one request at a time', voyages: VOYAGES },
    };
  } finally {
    rmSync(bodyDir, { recursive: true, force: true });
  }
};
