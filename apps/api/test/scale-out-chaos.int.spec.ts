import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { BUILT_SERVER } from './chaos/role-processes';
import { describeChaos, runChaos } from './chaos/scale-out-chaos';
import { createTestDatabase } from './support/database';
import { dropRedisKeys } from './support/redis-keys';
import { readTestEnvironment } from './support/test-env';

/**
 * The scaling-out design under failures, for real (apps/api/test/chaos, also
 * `npm run chaos`): 2 http, 2 projector and 2 worker processes of the
 * production build on one database and one Redis prefix, about 50 mixed
 * commands a second for 60 s, while the active projector, a worker and an
 * HTTP process are killed with SIGKILL (and started again) and every database
 * connection is terminated once. `npm test` builds before it runs jest.
 */
const testEnv = readTestEnvironment();
const skipReason = testEnv.redisUrl === null ? (testEnv.redisSkipReason ?? 'no Redis') : !existsSync(BUILT_SERVER) ? 'no production build: run node scripts/build.mjs' : null;
const suite = skipReason === null ? describe : describe.skip;

suite(`scale-out under failures: 2 http, 2 projector and 2 worker processes of the build${skipReason === null ? '' : ` (skipped: ${skipReason})`}`, () => {
  it('takes over within 5 s, loses and repeats no event and no mail, keeps every 2xx command, and answers 5xx only while the database restarts', async () => {
    const database = await createTestDatabase();
    const redisPrefix = `crew-test-chaos-${randomBytes(4).toString('hex')}`;
    const progress: string[] = [];
    try {
      const summary = await runChaos({
        databaseUrl: database.url,
        adminUrl: testEnv.adminUrl,
        redisUrl: testEnv.redisUrl!,
        redisPrefix,
        loadSeconds: 60,
        log: (line) => void progress.push(line),
      });
      process.stdout.write(`\n${describeChaos(summary)}\n`);
      expect({ failed: summary.goals.filter((goal) => !goal.ok), progress: summary.ok ? [] : progress }).toEqual({ failed: [], progress: [] });
    } finally {
      await database.drop();
      await dropRedisKeys(testEnv.redisUrl!, redisPrefix);
    }
  }, 240_000);
});
