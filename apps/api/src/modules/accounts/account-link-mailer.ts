import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { JobQueue } from '../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../platform/mail/send-email.job';
import type { Platform } from '../../platform/platform';
import { DATA_SOURCE, JOB_QUEUE, PLATFORM } from '../../platform/tokens';
import { AccountsClock } from './accounts-clock';
import { issueToken, resendableToken, type IssuedToken, type TokenPurpose } from './auth-tokens';
import { LinkKey } from './link-key';
import { AccountMailThrottle } from './mail-throttle';
import { User } from './user.entity';

/** A kind of link mailed to an account's own address: its token purpose, mail template and page. */
export interface AccountLink {
  readonly purpose: TokenPurpose;
  readonly template: string;
  readonly page: string;
}

export const VERIFY_LINK: AccountLink = { purpose: 'verify_email', template: 'verify-email', page: '/verify-email' };
export const RESET_LINK: AccountLink = { purpose: 'reset_password', template: 'reset-password', page: '/reset-password' };
export const SIGN_IN_LINK: AccountLink = { purpose: 'sign_in_link', template: 'sign-in-link', page: '/sign-in-link' };

/** The account with this email (any case), or null. */
export const findAccount = (manager: EntityManager, email: string): Promise<User | null> =>
  manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();

/**
 * Each mail of a token gets its own deterministic job id (the first keeps the
 * token id alone): a retried job never mails twice, a re-send mails once more.
 */
export const mailSourceId = (issued: IssuedToken): string => (issued.sendNo === 1 ? issued.id : `${issued.id}.${issued.sendNo}`);

/** Mails the links of the account commands: to verify an address, reset a password, sign in. */
@Injectable()
export class AccountLinkMailer {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE) private readonly jobQueue: JobQueue,
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly linkKey: LinkKey,
    private readonly mailThrottle: AccountMailThrottle,
    private readonly clock: AccountsClock,
  ) {}

  /**
   * Queues the mail of a link in the caller's transaction. `query` adds
   * parameters the page reads beside the token (a sign-in link's `next`).
   */
  async enqueue(manager: EntityManager, userId: string, link: AccountLink, issued: IssuedToken, query: Readonly<Record<string, string>> = {}): Promise<void> {
    const extra = Object.entries(query)
      .map(([key, value]) => `&${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('');
    const url = `${this.platform.baseUrl}${link.page}?token=${encodeURIComponent(issued.token)}${extra}`;
    await this.jobQueue.enqueue([sendEmailJob(mailSourceId(issued), { template: link.template, recipientId: userId, params: { link: url } })], manager);
  }

  /**
   * Issues a verification token (one that "resend" can mail again) and queues
   * its email in the caller's transaction: the mail at registration. `key`
   * is the link key, read before the transaction opens.
   */
  async mailVerification(manager: EntityManager, userId: string, key: Buffer): Promise<void> {
    const issued = await issueToken(manager, userId, 'verify_email', this.clock.now(), { key });
    await this.enqueue(manager, userId, VERIFY_LINK, issued);
  }

  /**
   * Mails a link to an account's address when the mail limits allow
   * (AccountMailThrottle), re-sending the live link of that kind when there is
   * one rather than minting another. The limits are counted before the
   * transaction opens (their PostgreSQL store takes a connection of its own);
   * the user's row is locked so concurrent requests agree on one link.
   * `stillWanted` is checked under that lock (say, the account is still unverified).
   * `query` rides on the link beside the token (see enqueue).
   */
  async mail(
    userId: string,
    link: AccountLink,
    ip: string,
    stillWanted: (user: { email_verified: boolean }) => boolean = () => true,
    query: Readonly<Record<string, string>> = {},
  ): Promise<void> {
    if (!(await this.mailThrottle.allow(userId, link.purpose, ip))) return;
    const key = await this.linkKey.get();
    await this.dataSource.transaction(async (manager) => {
      const locked: { email_verified: boolean }[] = await manager.query('SELECT email_verified FROM users WHERE id = $1 FOR UPDATE', [userId]);
      if (!locked[0] || !stillWanted(locked[0])) return;
      const now = this.clock.now();
      const issued = (await resendableToken(manager, key, userId, link.purpose, now)) ?? (await issueToken(manager, userId, link.purpose, now, { key }));
      await this.enqueue(manager, userId, link, issued, query);
    });
  }
}
