import { MESSAGE_LIMITS } from '@crew/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';

/**
 * 30 messages a minute per sender, counted where every API replica sees the
 * same count: Redis when REDIS_URL is set, else PostgreSQL
 * (`message_send_limits`), with `rate-limiter-flexible` as for sign-in.
 */
export class SendRateLimit {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  static redis(redis: Redis, prefix: string): SendRateLimit {
    return new SendRateLimit(new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}message_send`, points: MESSAGE_LIMITS.sendsPerMinute, duration: 60 }));
  }

  static postgres(dataSource: DataSource): SendRateLimit {
    return new SendRateLimit(
      new RateLimiterPostgres({
        storeClient: dataSource,
        storeType: 'typeorm',
        tableName: 'message_send_limits',
        tableCreated: true,
        keyPrefix: 'message_send',
        points: MESSAGE_LIMITS.sendsPerMinute,
        duration: 60,
      }),
    );
  }

  /** Counts one message of this sender; 429 RATE_LIMITED beyond the limit. */
  async consume(userId: string): Promise<void> {
    try {
      await this.limiter.consume(userId);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new ApplicationError('rate_limited', 'RATE_LIMITED', 'You are sending messages too quickly. Please wait {seconds} s and try again.', {
          retryAfterS: seconds,
          values: { seconds },
        });
      }
      throw error;
    }
  }
}
