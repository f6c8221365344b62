import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import {
  atLeast,
  figure,
  isMessage,
  LIVE_BODY,
  median,
  round,
  type BenchResult,
  type ServerKind,
  type ServerReadyMessage,
  type ServerStopMessage,
  type ServerUsageMessage,
} from './support';

/**
 * HTTP overhead of the Nest + Fastify stack: GET /api/health/live on the real
 * app against raw node:http answering the same bytes. Each server runs in its
 * own forked process and autocannon in this one, so on 2 cores the load
 * generator and the server do not share an event loop. Rounds alternate the
 * order (raw/api, api/raw, ...) so drift (thermal, noisy neighbours) hits both.
 *
 * Both the server and autocannon saturate a core each, so anything else
 * running on the machine moves req/s a lot. The server's CPU time per request
 * (reported by the child itself) is also recorded: it does not depend on how
 * fast the load generator was, so it is a steadier view of the same overhead.
 */

const CONNECTIONS = 100;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 5;
const ROUNDS = 3;
const PATH = '/api/health/live';

export interface Server {
  readonly url: string;
  /** CPU time (user + system) the server process has used so far. */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

export interface LoadRun {
  readonly requestsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly serverCpuMicrosPerRequest: number;
  /** Cores the server used on average (1 = one core saturated). */
  readonly serverCores: number;
}

export interface ServerOptions {
  /** What a raw server answers: the bytes of this file... */
  readonly rawBodyFile?: string;
  /** ...already compressed this way (its Content-Encoding). */
  readonly rawEncoding?: string;
  /** API_ROLES of an api server (default http). */
  readonly roles?: string;
  /** More settings of an api server's environment (say, TRUST_PROXY or a limit a load run must not hit). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Forks one server; `requestPath` is what load runs hit. */
export const startServer = (kind: ServerKind, databaseUrl: string, requestPath = PATH, options: ServerOptions = {}): Promise<Server> =>
  new Promise((resolve, reject) => {
    const raw = options.rawBodyFile ? [options.rawBodyFile, ...(options.rawEncoding ? [options.rawEncoding] : [])] : [];
    const child = fork(path.join(__dirname, 'http-server.js'), [kind, databaseUrl, ...raw], {
      execArgv: [],
      env: { ...process.env, ...options.env, ...(options.roles ? { BENCH_API_ROLES: options.roles } : {}) },
      // Request logs (if someone raises the log level) would only cost terminal time.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${kind} server did not start within 60 s`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited during start-up (code ${String(code)})`));
    });
    child.on('message', (message: unknown) => {
      if (!isMessage<ServerReadyMessage>(message, 'ready')) return;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${message.port}${requestPath}`,
        cpuMicros: () =>
          new Promise((answer) => {
            const onUsage = (reply: unknown): void => {
              if (!isMessage<ServerUsageMessage>(reply, 'usage')) return;
              child.off('message', onUsage);
              answer(reply.cpuMicros);
            };
            child.on('message', onUsage);
            child.send({ type: 'usage' });
          }),
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const stop: ServerStopMessage = { type: 'stop' };
          child.send(stop);
          const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });

/** One autocannon run (at most `rate` requests/s when given); any error or non-2xx answer invalidates the benchmark. */
export interface PacedRun {
  readonly requestsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly failed: number;
}

/**
 * Open-loop load: `rate` requests a second, evenly spaced, each timed from the
 * moment it was due (so a client that falls behind counts against the server,
 * not for it). autocannon's rate limit sends each second's requests in one
 * burst, which measures the burst's queue rather than the latency at that rate.
 */
export const pacedLoad = async (url: string, rate: number, seconds: number, headers: Record<string, string> = {}): Promise<PacedRun> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failed = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    // Timed from when it was due, or from now if sent a little early (timers fire on whole milliseconds).
    const from = Math.max(due, performance.now());
    inflight.push(
      new Promise<void>((resolve) => {
        http
          .get(url, { agent, headers }, (response) => {
            response.resume();
            response.on('end', () => {
              latencies.push(performance.now() - from);
              if (response.statusCode !== 200) failed++;
              resolve();
            });
          })
          .on('error', () => {
            failed++;
            resolve();
          });
      }),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN, 2);
  return { requestsPerSecond: round(latencies.length / elapsed, 0), latencyP50Ms: at(50), latencyP99Ms: at(99), failed };
};

export const load = async (server: Server, seconds: number, rate?: number, headers?: Record<string, string>): Promise<LoadRun> => {
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    ...(headers ? { headers } : {}),
  });
  const cpu = (await server.cpuMicros()) - cpuBefore;
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${server.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return {
    requestsPerSecond: round(result['2xx'] / result.duration, 0),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    serverCpuMicrosPerRequest: round(cpu / result['2xx']),
    serverCores: round(cpu / 1e6 / result.duration),
  };
};

/** Both servers must answer the very same body, or the comparison means nothing. */
const checkBody = async (server: Server): Promise<void> => {
  const response = await fetch(server.url);
  const body = await response.text();
  if (response.status !== 200 || body !== LIVE_BODY) {
    throw new Error(`${server.url} answered ${response.status} ${body}, expected 200 ${LIVE_BODY}`);
  }
};

export const runHttpBenchmark = async (databaseUrl: string, log: (line: string) => void): Promise<BenchResult> => {
  const servers: Partial<Record<ServerKind, Server>> = {};
  try {
    // Both stay up; the idle one costs nothing while the other is under load.
    servers.raw = await startServer('raw', databaseUrl);
    servers.api = await startServer('api', databaseUrl);
    const bySide: Record<ServerKind, Server> = { raw: servers.raw, api: servers.api };
    await checkBody(bySide.raw);
    await checkBody(bySide.api);

    for (const kind of ['raw', 'api'] as const) {
      log(`warm-up ${kind} ${WARMUP_SECONDS} s`);
      await load(bySide[kind], WARMUP_SECONDS);
    }
    const runs: Record<ServerKind, LoadRun[]> = { raw: [], api: [] };
    for (let i = 0; i < ROUNDS; i++) {
      const order: ServerKind[] = i % 2 === 0 ? ['raw', 'api'] : ['api', 'raw'];
      for (const kind of order) {
        const run = await load(bySide[kind], ROUND_SECONDS);
        runs[kind].push(run);
        log(`round ${i + 1}/${ROUNDS} ${kind}: ${run.requestsPerSecond} req/s, ${run.serverCpuMicrosPerRequest} µs server CPU/request`);
      }
    }

    const api = median(runs.api.map((r) => r.requestsPerSecond));
    const raw = median(runs.raw.map((r) => r.requestsPerSecond));
    const apiCpu = median(runs.api.map((r) => r.serverCpuMicrosPerRequest));
    const rawCpu = median(runs.raw.map((r) => r.serverCpuMicrosPerRequest));
    return {
      name: 'http',
      title: `HTTP GET ${PATH}`,
      figures: {
        apiRequestsPerSecond: figure('API (Nest + Fastify) median', round(api, 0), 'req/s'),
        rawRequestsPerSecond: figure('raw node:http median', round(raw, 0), 'req/s'),
        ratio: figure('ratio api/raw', round(api / raw, 3), 'ratio', atLeast(0.65)),
        apiCpuPerRequest: figure('API server CPU per request median', apiCpu, 'µs'),
        rawCpuPerRequest: figure('raw server CPU per request median', rawCpu, 'µs'),
        cpuRatio: figure('CPU-cost ratio raw/api', round(rawCpu / apiCpu, 3), 'ratio'),
      },
      details: {
        connections: CONNECTIONS,
        pipelining: 1,
        warmupSeconds: WARMUP_SECONDS,
        roundSeconds: ROUND_SECONDS,
        rounds: ROUNDS,
        apiLogLevel: process.env['BENCH_API_LOG_LEVEL'] ?? 'warn',
        layout: 'each server in a forked child process; autocannon in the parent',
        api: runs.api,
        raw: runs.raw,
        ratioPerRound: runs.api.map((r, i) => round(r.requestsPerSecond / (runs.raw[i]?.requestsPerSecond ?? Number.NaN), 3)),
      },
    };
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
};
