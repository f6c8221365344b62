/**
 * `npm run chaos`: the scale-out chaos run on the local PostgreSQL and Redis
 * (TEST_DATABASE_URL / REDIS_URL override them), in a fresh database and
 * under a fresh Redis prefix, both removed afterwards. Prints the summary,
 * writes it to bench/results/chaos.json and exits 1 when a goal failed.
 * Options: --seconds=N (load phase, default 60), --rate=N (commands/s, default 50).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { dropRedisKeys } from '../support/redis-keys';
import { withDatabase } from '../support/test-env';
import { REPO_ROOT } from './role-processes';
import { describeChaos, runChaos } from './scale-out-chaos';

const option = (name: string, fallback: number): number => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? Number(given.slice(name.length + 3)) : fallback;
};

const main = async (): Promise<void> => {
  const adminUrl = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const database = `crew_chaos_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const prefix = `crew-chaos-${randomBytes(4).toString('hex')}`;
  let exitCode = 1;
  try {
    const summary = await runChaos({
      databaseUrl: withDatabase(adminUrl, database),
      adminUrl,
      redisUrl,
      redisPrefix: prefix,
      loadSeconds: option('seconds', 60),
      rate: option('rate', 50),
    });
    process.stdout.write(`\n${describeChaos(summary)}\n`);
    const file = path.join(REPO_ROOT, 'bench/results/chaos.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...summary }, null, 2)}\n`);
    process.stdout.write(`summary written to ${path.relative(process.cwd(), file)}\n`);
    exitCode = summary.ok ? 0 : 1;
  } finally {
    const cleanup = new Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
    await dropRedisKeys(redisUrl, prefix);
  }
  process.exit(exitCode);
};

main().catch((error: unknown) => {
  process.stderr.write(`chaos run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
