import { isWebRoute } from '@crew/contracts';
import { isIPv6 } from 'node:net';
import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { redisLimiters, type LimiterFactory } from '../../platform/security/sign-in-throttle';

/**
 * What the page-view beacon records from one client. Beacons are anonymous and
 * a client names its own browser id, so ids are limited per address:
 * - browsers: at most `browsersPerAddressDay` distinct browser ids from one
 *   address for each UTC day their views fall on (a day's daily actives from
 *   one address never exceed it; a household or an office stays below it);
 * - views: at most `viewsPerSessionMinute` a minute from one browser (a person
 *   reads a page in seconds, the tracker sends every 10 s or 20 views), and
 *   `viewsPerAddressMinute` a minute and `viewsPerAddressDay` a day from one
 *   address.
 * IPv6 addresses count by their /64 network (one subscriber's), IPv4-mapped
 * IPv6 as the IPv4 address. The excess is dropped, not refused: the answer is
 * the same, so a client cannot tell what was kept. These are the defaults;
 * the PAGE_VIEW_* settings change them (AppConfig.pageViewLimits).
 */
export const PAGE_VIEW_POLICY = {
  browsersPerAddressDay: 20,
  viewsPerSessionMinute: 60,
  viewsPerAddressMinute: 300,
  viewsPerAddressDay: 5_000,
} as const;
export type PageViewPolicy = { readonly [K in keyof typeof PAGE_VIEW_POLICY]: number };

export type DropReason = 'unknown_route' | 'browser_limit' | 'rate_limit';
export const DROP_REASONS: readonly DropReason[] = ['unknown_route', 'browser_limit', 'rate_limit'];

export interface PageView {
  readonly path: string;
  readonly at: string;
}

export interface Admission {
  /** The views to record, oldest first. */
  readonly accepted: PageView[];
  /** Views dropped, by reason (only reasons with some). */
  readonly dropped: Partial<Record<DropReason, number>>;
}

const DAY_S = 86_400;
const dayOf = (at: string): string => at.slice(0, 10);

/** The key an address counts under: IPv4 as it is, IPv6 by its /64 network. */
export const addressKey = (ip: string): string => {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const bare = ip.split('%')[0] ?? ip;
  if (!isIPv6(bare)) return ip;
  const hextets = (part: string): string[] => (part === '' ? [] : part.split(':').flatMap((h) => (h.includes('.') ? ['0', '0'] : [h])));
  const [head = '', tail] = bare.split('::');
  const front = hextets(head);
  const full = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - hextets(tail).length).fill('0'), ...hextets(tail)];
  return `${full
    .slice(0, 4)
    .map((h) => parseInt(h, 16).toString(16))
    .join(':')}::/64`;
};

/** Takes up to `points` from a counter; answers how many it could take (the counter keeps counting what it refused). */
const takeUpTo = async (limiter: RateLimiterAbstract, key: string, points: number): Promise<number> => {
  if (points <= 0) return 0;
  try {
    await limiter.consume(key, points);
    return points;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(0, Math.min(points, limiter.points - (error.consumedPoints - points)));
    throw error;
  }
};

/** PostgreSQL counters (when REDIS_URL is not set) in their own table. */
export const postgresPageViewLimiters =
  (dataSource: DataSource): LimiterFactory =>
  (options) =>
    new RateLimiterPostgres({ storeClient: dataSource, storeType: 'typeorm', tableName: 'page_view_limits', tableCreated: true, ...options });

/**
 * Decides what of a beacon is recorded. Counters live in Redis when REDIS_URL
 * is set, else in PostgreSQL, so every API process shares them. Each
 * counter update is atomic, so concurrent beacons never pass a limit together.
 */
export class PageViewLimits {
  /** A browser already counted for an address and a day. */
  private readonly seen: RateLimiterAbstract;
  private readonly browsers: RateLimiterAbstract;
  private readonly perSession: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  private readonly perAddressDay: RateLimiterAbstract;

  constructor(
    create: LimiterFactory,
    readonly policy: PageViewPolicy = PAGE_VIEW_POLICY,
    private readonly onClose: () => Promise<void> = async () => undefined,
  ) {
    // Day counters outlive their day: a view may arrive up to a day after it.
    this.seen = create({ keyPrefix: 'pv_seen', points: 1_000_000, duration: 2 * DAY_S });
    this.browsers = create({ keyPrefix: 'pv_browsers', points: policy.browsersPerAddressDay, duration: 2 * DAY_S });
    this.perSession = create({ keyPrefix: 'pv_session', points: policy.viewsPerSessionMinute, duration: 60 });
    this.perAddress = create({ keyPrefix: 'pv_addr', points: policy.viewsPerAddressMinute, duration: 60 });
    this.perAddressDay = create({ keyPrefix: 'pv_addr_day', points: policy.viewsPerAddressDay, duration: DAY_S });
  }

  async admit(ip: string, sessionId: string, views: readonly PageView[], now: Date = new Date()): Promise<Admission> {
    const dropped: Partial<Record<DropReason, number>> = {};
    const drop = (reason: DropReason, n: number) => {
      if (n > 0) dropped[reason] = (dropped[reason] ?? 0) + n;
    };
    const known = [...views].filter((view) => isWebRoute(view.path)).sort((a, b) => a.at.localeCompare(b.at));
    drop('unknown_route', views.length - known.length);
    if (known.length === 0) return { accepted: [], dropped };

    // Browsers: each day the views fall on counts this browser for this address once.
    const address = addressKey(ip);
    const days = [...new Set(known.map((view) => dayOf(view.at)))];
    const admittedDays = new Set<string>();
    for (const day of days) {
      const pair = `${day}|${address}|${sessionId}`;
      if ((await this.seen.get(pair)) !== null || (await takeUpTo(this.browsers, `${day}|${address}`, 1)) === 1) {
        admittedDays.add(day);
        await this.seen.consume(pair);
      }
    }
    const admitted = known.filter((view) => admittedDays.has(dayOf(view.at)));
    drop('browser_limit', known.length - admitted.length);

    // Views: the browser's minute, then the address's minute and day.
    let n = await takeUpTo(this.perSession, sessionId, admitted.length);
    n = await takeUpTo(this.perAddress, address, n);
    n = await takeUpTo(this.perAddressDay, `${now.toISOString().slice(0, 10)}|${address}`, n);
    drop('rate_limit', admitted.length - n);
    return { accepted: admitted.slice(0, n), dropped };
  }

  close(): Promise<void> {
    return this.onClose();
  }
}

export const createPageViewLimits = (redisUrl: string | undefined, dataSource: DataSource, redisPrefix: string, policy: PageViewPolicy = PAGE_VIEW_POLICY): PageViewLimits => {
  if (!redisUrl) return new PageViewLimits(postgresPageViewLimiters(dataSource), policy);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return new PageViewLimits(redisLimiters(redis, redisPrefix), policy, async () => void (await redis.quit()));
};
