import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { readTestEnvironment, withDatabase } from './test-env';

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated template: each test file is isolated. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const env = readTestEnvironment();
  const name = `crew_test_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: env.adminUrl });
  await admin.connect();
  try {
    // CREATE DATABASE ... TEMPLATE fails if anyone is connected to the template; retry briefly.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${env.templateDatabase}`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(env.adminUrl, name),
    name,
    drop: async () => {
      const client = new Client({ connectionString: env.adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
};
