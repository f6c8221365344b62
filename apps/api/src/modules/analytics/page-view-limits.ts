import { ApiError } from '../../platform/http/api-error';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Beacons are anonymous, so each API process bounds what one address and one
 * browser can send: 20 beacons a second per address (a busy office or school
 * behind one address stays well below it), 2 a second per browser (a
 * tracker sends at most one every few seconds). Each beacon carries at most
 * 50 views. Counted in memory: the limit is per process, which bounds abuse
 * at a cost of nothing per request.
 */
export const PAGE_VIEW_LIMITS = { perAddress: { points: 1_200, duration: 60 }, perSession: { points: 120, duration: 60 } } as const;

export class PageViewLimits {
  private readonly byAddress = new RateLimiterMemory({ keyPrefix: 'pv-ip', ...PAGE_VIEW_LIMITS.perAddress });
  private readonly bySession = new RateLimiterMemory({ keyPrefix: 'pv-session', ...PAGE_VIEW_LIMITS.perSession });

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
