import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What global setup found, shared with every test worker through a file. */
export interface TestEnvironment {
  /** Connection to a maintenance database on the test server (CREATE/DROP DATABASE). */
  readonly adminUrl: string;
  /** Database with every migration and the event-store schema applied; cloned per test file. */
  readonly templateDatabase: string;
  /** How the server was found: env, local, testcontainers or embedded. */
  readonly source: string;
  readonly redisUrl: string | null;
  readonly redisSkipReason: string | null;
}

/** One file per checkout, so two clones testing at once on one machine never read each other's template. */
const checkoutId = createHash('sha256').update(path.resolve(__dirname, '../../../..')).digest('hex').slice(0, 12);
export const TEST_ENV_FILE = path.join(os.tmpdir(), `crew-test-env-${process.env['CREW_TEST_RUN_ID'] ?? checkoutId}.json`);

export const readTestEnvironment = (): TestEnvironment => {
  if (!existsSync(TEST_ENV_FILE)) throw new Error(`Test environment file ${TEST_ENV_FILE} is missing: run tests through jest`);
  return JSON.parse(readFileSync(TEST_ENV_FILE, 'utf8')) as TestEnvironment;
};

export const withDatabase = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};
