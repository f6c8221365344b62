import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../../platform/http/api-error';

/** Beacons accepted per minute from one address and from one browser (config PAGE_VIEW_BEACONS_PER_ADDRESS / _PER_SESSION). */
export interface PageViewLimitSettings {
  readonly perAddress: number;
  readonly perSession: number;
}

/** The production defaults: 20 beacons a second per address, 2 a second per browser. */
export const DEFAULT_PAGE_VIEW_LIMITS: PageViewLimitSettings = { perAddress: 1_200, perSession: 120 };

/**
 * Beacons are anonymous, so each API process bounds what one address and one
 * browser can send: by default 20 beacons a second per address (a busy office
 * or school behind one address stays well below it) and 2 a second per
 * browser (a tracker sends at most one every few seconds). Each beacon
 * carries at most 50 views. Counted in memory: the limit is per process,
 * which bounds abuse at a cost of nothing per request. The address is the
 * client's as TRUST_PROXY lets the proxies in front name it.
 */
export class PageViewLimits {
  private readonly byAddress: RateLimiterMemory;
  private readonly bySession: RateLimiterMemory;

  constructor(settings: PageViewLimitSettings = DEFAULT_PAGE_VIEW_LIMITS) {
    this.byAddress = new RateLimiterMemory({ keyPrefix: 'pv-ip', points: settings.perAddress, duration: 60 });
    this.bySession = new RateLimiterMemory({ keyPrefix: 'pv-session', points: settings.perSession, duration: 60 });
  }

  /** Throws 429 RATE_LIMITED (with the seconds to wait) when either limit is spent. */
  async take(address: string, sessionId: string): Promise<void> {
    try {
      await this.byAddress.consume(address);
      await this.bySession.consume(sessionId);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new ApiError(429, 'RATE_LIMITED', 'Too many page views; try again later', undefined, { retry_after: Math.ceil(error.msBeforeNext / 1000) });
      }
      throw error;
    }
  }
}
