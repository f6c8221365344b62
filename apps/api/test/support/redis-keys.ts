import Redis from 'ioredis';

/** Deletes every key under a test's queue prefix (its BullMQ queues), so test runs leave Redis as they found it. */
export const dropRedisKeys = async (redisUrl: string, prefix: string): Promise<void> => {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) keys.push(...(batch as string[]));
    for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
  } finally {
    redis.disconnect();
  }
};
