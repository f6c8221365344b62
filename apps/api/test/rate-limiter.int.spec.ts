import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createDataSource, migrate } from '../src/platform/database/data-source';
import { PostgresRateLimiter, RedisRateLimiter, type RateLimiter } from '../src/platform/security/rate-limiter';
import { createTestDatabase, type TestDatabase } from './support/database';
import { readTestEnvironment } from './support/test-env';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = createDataSource(database.url);
  await dataSource.initialize();
  await migrate(dataSource);
});

afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

const redisUrl = readTestEnvironment().redisUrl;
const redisPrefix = `crew-test-${randomUUID()}:`;
const redisSkipReason = redisUrl ? null : (readTestEnvironment().redisSkipReason ?? 'no Redis is reachable');
const limiters: [string, string | null, () => RateLimiter][] = [
  ['postgres', null, () => new PostgresRateLimiter(dataSource)],
  ['redis', redisSkipReason, () => new RedisRateLimiter(redisUrl!, redisPrefix)],
];

// A variant that cannot run here is reported as skipped, with the reason, in Jest's own summary.
for (const [name, skipReason, create] of limiters) {
  (skipReason === null ? describe : describe.skip)(`${name} rate limiter${skipReason === null ? '' : ` (skipped: ${skipReason})`}`, () => {
    it('counts hits in a window, shares them between instances, forgets them when the window ends or on clear', async () => {
      const first = create();
      const second = create();
      try {
        const key = `login:account:${randomUUID()}`;
        expect(await first.count(key)).toBe(0);
        expect(await first.hit(key, 300)).toBe(1);
        expect(await second.hit(key, 300)).toBe(2); // another API replica sees the same counter
        expect(await second.count(key)).toBe(2);
        await new Promise((resolve) => setTimeout(resolve, 350));
        expect(await first.count(key)).toBe(0);
        expect(await first.hit(key, 60_000)).toBe(1);
        await second.clear(key);
        expect(await first.count(key)).toBe(0);
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
}
