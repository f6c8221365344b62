import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { RunnerLogger } from '../apps/api/src/platform/projections/projection-runner';

/**
 * Shared helpers of the benchmark suite: a throw-away database, statistics,
 * and the figure/result shapes that run-all prints and writes to JSON.
 */

/** Maintenance connection used to create and drop the bench database. */
export const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const adminQuery = async (sql: string): Promise<void> => {
  const client = new Client({ connectionString: ADMIN_URL, application_name: 'crew-bench-admin' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/**
 * A fresh, empty database per run: the API migrates it on start, and nothing
 * left over from an earlier run (or from the tests) can skew the figures.
 */
export const createBenchDatabase = async (): Promise<BenchDatabase> => {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const name = `bench_${stamp}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    name,
    url: withDatabase(ADMIN_URL, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

export const serverVersion = async (url: string): Promise<string> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
};

// ---------------------------------------------------------------- statistics

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when empty. */
export const percentile = (samples: readonly number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
};

export const median = (samples: readonly number[]): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
};

export const round = (value: number, digits = 2): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `condition` holds; false once `timeoutMs` has passed. */
export const waitUntil = async (condition: () => boolean, timeoutMs: number, pollMs = 10): Promise<boolean> => {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(pollMs);
  }
  return true;
};

export const quietLogger: RunnerLogger = {
  info: () => undefined,
  warn: (message) => console.warn(`  [warn] ${message}`),
  error: (message) => console.error(`  [error] ${message}`),
};

// ---------------------------------------------------------------- results

export interface Goal {
  readonly op: '>=' | '<=';
  readonly value: number;
}

export interface Figure {
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  /** null for informational figures. */
  readonly goal: Goal | null;
  /** null when there is no goal. */
  readonly pass: boolean | null;
}

export const figure = (label: string, value: number, unit: string, goal: Goal | null = null): Figure => ({
  label,
  value,
  unit,
  goal,
  pass: goal === null ? null : Number.isFinite(value) && (goal.op === '>=' ? value >= goal.value : value <= goal.value),
});

export const atLeast = (value: number): Goal => ({ op: '>=', value });
export const atMost = (value: number): Goal => ({ op: '<=', value });

/** What one benchmark reports: headline figures plus raw details for the JSON. */
export interface BenchResult {
  readonly name: string;
  readonly title: string;
  readonly figures: Readonly<Record<string, Figure>>;
  /** Settings, per-round numbers and sanity checks; JSON-serialisable. */
  readonly details: Readonly<Record<string, unknown>>;
}

// ---------------------------------------------------------------- HTTP server child protocol

export type ServerKind = 'raw' | 'api';

/** Sent by bench/http-server once it listens. */
export interface ServerReadyMessage {
  readonly type: 'ready';
  readonly port: number;
}

/** Sent to bench/http-server to make it close and exit. */
export interface ServerStopMessage {
  readonly type: 'stop';
}

/** Asked of bench/http-server (`{ type: 'usage' }`): its CPU time so far. */
export interface ServerUsageMessage {
  readonly type: 'usage';
  readonly cpuMicros: number;
}

export const isMessage = <T extends { type: string }>(value: unknown, type: T['type']): value is T =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type;

/** The body GET /api/health/live answers; the raw server sends exactly these bytes. */
export const LIVE_BODY = JSON.stringify({ status: 'ok' });
export const LIVE_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The Redis the queue benchmarks use (REDIS_URL or the local one), after checking it answers. */
export const requireRedis = async (benchmark: string): Promise<string> => {
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const probe = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    throw new Error(`${benchmark} benchmark needs Redis (REDIS_URL or 127.0.0.1:6379)`);
  } finally {
    probe.disconnect();
  }
  return redisUrl;
};

/** Deletes every key under a benchmark's queue prefix. */
export const dropRedisKeys = async (redisUrl: string, prefix: string): Promise<void> => {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 1000 })) keys.push(...(batch as string[]));
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
  } finally {
    redis.disconnect();
  }
};
