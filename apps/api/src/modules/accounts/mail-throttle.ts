import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../../platform/security/sign-in-throttle';
import type { TokenPurpose } from './auth-tokens';

/**
 * How often the public "mail me a link" routes (forgot password, resend
 * verification, sign-in link) and email changes may mail:
 * - per account and kind of link: 3 mails an hour, so nobody can fill an
 *   inbox by asking over and over (a live link is re-sent, not replaced);
 * - per client address, across accounts and kinds: 20 mails an hour, so one
 *   client cannot spray mail at many inboxes.
 * A request past either limit is answered exactly like one that mailed, so the
 * answer still tells nothing about the account.
 */
export const MAIL_POLICY = {
  accountMails: 3,
  accountWindowS: 60 * 60,
  addressMails: 20,
  addressWindowS: 60 * 60,
} as const;

const isRefusal = (error: unknown): error is RateLimiterRes => error instanceof RateLimiterRes;

/** Counters on the sign-in throttle's store: Redis when REDIS_URL is set, else PostgreSQL. Keyed by user id, never by address. */
export class AccountMailThrottle {
  private readonly account: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;

  constructor(create: LimiterFactory) {
    this.account = create({ keyPrefix: 'mail_acct', points: MAIL_POLICY.accountMails, duration: MAIL_POLICY.accountWindowS });
    this.address = create({ keyPrefix: 'mail_addr', points: MAIL_POLICY.addressMails, duration: MAIL_POLICY.addressWindowS });
  }

  /**
   * Counts one more mail of this kind to this account, asked from `ip` (null:
   * not asked by a client, such as the mail at registration). False, counting
   * nothing, when either limit is reached.
   */
  async allow(userId: string, purpose: TokenPurpose, ip: string | null): Promise<boolean> {
    const key = `${purpose}|${userId}`;
    try {
      await this.account.consume(key);
    } catch (error) {
      if (isRefusal(error)) return false;
      throw error;
    }
    if (ip === null) return true;
    try {
      await this.address.consume(ip);
    } catch (error) {
      await this.account.reward(key);
      if (isRefusal(error)) return false;
      throw error;
    }
    return true;
  }
}
