import { EMAIL_CHANGE_CODES, EMAIL_CHANGE_MESSAGES, TOO_MANY_SIGN_IN_ATTEMPTS_CODE } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { EMAIL_TAKEN_MESSAGE } from '../../../platform/http/error-mapping';
import type { JobQueue } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob, TO_TOKEN_ADDRESS } from '../../../platform/mail/send-email.job';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, JOB_QUEUE, PLATFORM } from '../../../platform/tokens';
import { AccountsClock } from '../accounts-clock';
import { issueToken, retireTokens, type IssuedToken } from '../auth-tokens';
import { otherAccountHas } from '../email-change';
import { LinkKey } from '../link-key';
import { AccountMailThrottle } from '../mail-throttle';
import { verifyPassword } from '../password-hasher';
import { User } from '../user.entity';

/** Start changing the signed-in member's sign-in address (see email-change.ts). */
export class RequestEmailChange {
  constructor(
    readonly userId: string,
    readonly newEmail: string,
    readonly currentPassword: string | undefined,
    readonly ip: string,
  ) {}
}

const CONFIRM_PAGE = '/confirm-email-change';
const UNDO_PAGE = '/undo-email-change';

const signInAgain = (): ApplicationError => new ApplicationError('unauthenticated', 'UNAUTHORIZED', 'Please sign in again');

/**
 * Checks the current password and starts an email change: the new address is
 * kept as pending and mailed a confirmation link, the old one a notice with an
 * undo link. Refuses without the password (validation), while sign-in to the
 * account is throttled for this client (rate limited), a wrong password
 * (forbidden), an address another account uses (conflict), and after 3
 * changes in an hour (rate limited).
 */
@CommandHandler(RequestEmailChange)
export class RequestEmailChangeHandler implements ICommandHandler<RequestEmailChange, void> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE) private readonly jobQueue: JobQueue,
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly linkKey: LinkKey,
    private readonly mailThrottle: AccountMailThrottle,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ userId, newEmail, currentPassword, ip }: RequestEmailChange): Promise<void> {
    if (!currentPassword) {
      throw new ApplicationError('validation', EMAIL_CHANGE_CODES.passwordRequired, EMAIL_CHANGE_MESSAGES.passwordRequired, {
        details: [{ path: 'current_password', message: EMAIL_CHANGE_MESSAGES.passwordRequired }],
      });
    }
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw signInAgain();
    const throttle = this.platform.signInThrottle;
    const wait = await throttle.retryAfter(user.email, ip);
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      throw new ApplicationError(
        'rate_limited',
        TOO_MANY_SIGN_IN_ATTEMPTS_CODE,
        wait < 60
          ? 'Too many wrong passwords. Please wait {wait, plural, other {{wait} seconds}} and try again.'
          : 'Too many wrong passwords. Please wait {minutes, plural, other {{minutes} minutes}} and try again.',
        { values: { wait, minutes } },
      );
    }
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await throttle.recordFailure(user.email, ip);
      throw new ApplicationError('forbidden', EMAIL_CHANGE_CODES.wrongPassword, EMAIL_CHANGE_MESSAGES.wrongPassword, {
        details: [{ path: 'current_password', message: EMAIL_CHANGE_MESSAGES.wrongPassword }],
      });
    }
    await throttle.recordSuccess(user.email, ip);
    if (await otherAccountHas(this.dataSource.manager, newEmail, user.id)) throw new ApplicationError('conflict', 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    if (!(await this.mailThrottle.allow(user.id, 'confirm_email_change', null))) {
      throw new ApplicationError('rate_limited', EMAIL_CHANGE_CODES.tooMany, EMAIL_CHANGE_MESSAGES.tooMany);
    }
    const key = await this.linkKey.get();
    await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<{ email: string }[]>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [user.id]);
      if (!row) throw signInAgain();
      const now = this.clock.now();
      // A newer request replaces an older one: only the latest new address can be confirmed.
      await retireTokens(manager, user.id, ['confirm_email_change'], now);
      await manager.query('UPDATE users SET pending_email = $2, updated_at = now() WHERE id = $1', [user.id, newEmail]);
      const confirm = await issueToken(manager, user.id, 'confirm_email_change', now, { key, email: newEmail });
      const undo = await issueToken(manager, user.id, 'undo_email_change', now, { key, email: row.email });
      await this.jobQueue.enqueue(
        [this.tokenMail(user.id, 'confirm-email-change', CONFIRM_PAGE, confirm), this.tokenMail(user.id, 'email-change-notice', UNDO_PAGE, undo)],
        manager,
      );
    });
  }

  /** The mail about a token, sent to the address its row names rather than the account's current one. */
  private tokenMail(userId: string, template: string, page: string, issued: IssuedToken) {
    return sendEmailJob(issued.id, {
      template,
      recipientId: userId,
      params: { link: `${this.platform.baseUrl}${page}?token=${encodeURIComponent(issued.token)}`, [TO_TOKEN_ADDRESS]: issued.id },
    });
  }
}
