import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';

/**
 * How password sign-in is throttled (docs/features/accounts.md, "Sign-in limits"). Guessing stays
 * expensive, but a stranger cannot lock an owner out:
 * - per account and address pair: the first 3 failures are free, then each
 *   further attempt waits 1, 2, 4 ... 32 s, and after 10 failures that pair is
 *   refused until 15 minutes after its first failure;
 * - per address, across accounts: 30 failures in 15 minutes and that address
 *   may not try any account for the rest of the window;
 * - per account, across addresses: 100 failures in an hour (a botnet) and
 *   password sign-in to that account pauses for the rest of the hour.
 * Whoever is throttled can still get in with a one-time sign-in link sent to
 * the account's email, which no attacker receives.
 */
export const SIGN_IN_POLICY = {
  pairFailures: 10,
  pairWindowS: 15 * 60,
  freeFailures: 3,
  maxDelayS: 32,
  addressFailures: 30,
  addressWindowS: 15 * 60,
  accountFailures: 100,
  accountWindowS: 60 * 60,
} as const;

type LimiterOptions = { keyPrefix: string; points: number; duration: number };
export type LimiterFactory = (options: LimiterOptions) => RateLimiterAbstract;

/** Counters in Redis when REDIS_URL is set (shared by every API replica), else in PostgreSQL. */
export const redisLimiters =
  (redis: Redis, prefix: string): LimiterFactory =>
  (options) =>
    new RateLimiterRedis({ storeClient: redis, ...options, keyPrefix: `${prefix}${options.keyPrefix}` });

export const postgresLimiters =
  (dataSource: DataSource): LimiterFactory =>
  (options) =>
    new RateLimiterPostgres({ storeClient: dataSource, storeType: 'typeorm', tableName: 'sign_in_limits', tableCreated: true, ...options });

/** Counters are keyed by a hash of the email, so no address is kept in Redis or the limits table. */
export const accountKeyOf = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

export class SignInThrottle {
  private readonly pair: RateLimiterAbstract;
  private readonly delay: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;

  constructor(
    /** Makes limiters on the same store (Redis or PostgreSQL); the account mail limits use it too. */
    readonly create: LimiterFactory,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {
    const P = SIGN_IN_POLICY;
    this.pair = create({ keyPrefix: 'signin_pair', points: P.pairFailures, duration: P.pairWindowS });
    this.delay = create({ keyPrefix: 'signin_delay', points: 1, duration: P.maxDelayS });
    this.address = create({ keyPrefix: 'signin_addr', points: P.addressFailures, duration: P.addressWindowS });
    this.account = create({ keyPrefix: 'signin_acct', points: P.accountFailures, duration: P.accountWindowS });
  }

  /** Seconds the caller must wait before this account may be tried from this address, or 0. */
  async retryAfter(email: string, ip: string): Promise<number> {
    const account = accountKeyOf(email);
    const pairKey = `${account}|${ip}`;
    const [pair, delay, address, total] = await Promise.all([this.pair.get(pairKey), this.delay.get(pairKey), this.address.get(ip), this.account.get(account)]);
    const waits = [
      pair && pair.consumedPoints >= SIGN_IN_POLICY.pairFailures ? pair.msBeforeNext : 0,
      delay ? delay.msBeforeNext : 0,
      address && address.consumedPoints >= SIGN_IN_POLICY.addressFailures ? address.msBeforeNext : 0,
      total && total.consumedPoints >= SIGN_IN_POLICY.accountFailures ? total.msBeforeNext : 0,
    ];
    return Math.ceil(Math.max(...waits) / 1000);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const account = accountKeyOf(email);
    const pairKey = `${account}|${ip}`;
    const [pair] = await Promise.all([this.pair.penalty(pairKey), this.address.penalty(ip), this.account.penalty(account)]);
    const beyondFree = pair.consumedPoints - SIGN_IN_POLICY.freeFailures;
    if (beyondFree > 0 && pair.consumedPoints < SIGN_IN_POLICY.pairFailures) {
      await this.delay.block(pairKey, Math.min(2 ** (beyondFree - 1), SIGN_IN_POLICY.maxDelayS));
    }
  }

  /** The right password from this address: its pair starts afresh (the address and account totals do not). */
  async recordSuccess(email: string, ip: string): Promise<void> {
    const pairKey = `${accountKeyOf(email)}|${ip}`;
    await Promise.all([this.pair.delete(pairKey), this.delay.delete(pairKey)]);
  }

  close(): Promise<void> {
    return this.onClose();
  }
}

export const createSignInThrottle = (redisUrl: string | undefined, dataSource: DataSource, redisPrefix: string): SignInThrottle => {
  if (!redisUrl) return new SignInThrottle(postgresLimiters(dataSource));
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // ioredis reconnects by itself; a failed count surfaces on the request that needed it.
  redis.on('error', () => undefined);
  return new SignInThrottle(redisLimiters(redis, redisPrefix), async () => void (await redis.quit()));
};
