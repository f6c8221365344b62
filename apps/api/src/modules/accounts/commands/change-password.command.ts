import { randomUUID } from 'node:crypto';
import { ACCOUNT_SELF_SERVICE_CODES, ACCOUNT_SELF_SERVICE_MESSAGES, type ChangePasswordRequest, type ChangePasswordResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import type { JobQueue } from '../../../platform/jobs/job-queue.port';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, JOB_QUEUE, PLATFORM } from '../../../platform/tokens';
import { MESSAGING_SERVICES, type MessagingServices } from '../../messaging/messaging-services';
import { AccountsClock } from '../accounts-clock';
import { retireTokens } from '../auth-tokens';
import { refuseCommonPassword } from '../common-passwords';
import { confirmOwnPassword } from '../password-check';
import { hashPassword, verifyPassword } from '../password-hasher';
import { User } from '../user.entity';

/** The signed-in member chooses a new password, giving the current one. */
export class ChangePassword {
  constructor(
    readonly userId: string,
    readonly request: ChangePasswordRequest,
    readonly ip: string,
  ) {}
}

/** The security mail's template (account-mail.ts). */
export const PASSWORD_CHANGED_TEMPLATE = 'password-changed';

const signInAgain = (): ApplicationError => new ApplicationError('unauthenticated', 'UNAUTHORIZED', 'Please sign in again');

/**
 * Checks the current password (throttled like sign-in, see
 * confirmOwnPassword), refuses the same password again and common
 * passwords, then sets the new one and signs out everywhere the way a
 * password reset does: the token version is bumped (every session token and
 * message-stream ticket issued before stops working), the open message
 * streams end, and live reset and sign-in links stop working. This browser
 * goes on with the fresh token in the answer. A security mail ("Your password
 * was changed") is queued in the same transaction, naming the member by id.
 */
@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword, ChangePasswordResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(JOB_QUEUE) private readonly jobQueue: JobQueue,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ userId, request, ip }: ChangePassword): Promise<ChangePasswordResponse> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw signInAgain();
    await confirmOwnPassword(this.platform.signInThrottle, user, request.current_password, ip, 'current_password');
    if (await verifyPassword(user.passwordHash, request.new_password)) {
      throw new ApplicationError('validation', ACCOUNT_SELF_SERVICE_CODES.samePassword, ACCOUNT_SELF_SERVICE_MESSAGES.samePassword, {
        details: [{ path: 'new_password', message: ACCOUNT_SELF_SERVICE_MESSAGES.samePassword }],
      });
    }
    refuseCommonPassword(request.new_password, 'new_password');
    const passwordHash = await hashPassword(request.new_password);
    const tokenVersion = await this.dataSource.transaction(async (manager) => {
      const [changed] = await manager.query<{ token_version: number }[]>(
        `WITH changed AS (UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1 RETURNING token_version)
         SELECT token_version FROM changed`,
        [userId, passwordHash],
      );
      if (!changed) throw signInAgain();
      // A reset or sign-in link mailed before the change would get round the new password.
      await retireTokens(manager, userId, ['reset_password', 'sign_in_link'], this.clock.now());
      await this.jobQueue.enqueue(
        [sendEmailJob(randomUUID(), { template: PASSWORD_CHANGED_TEMPLATE, recipientId: userId, params: { link: `${this.platform.baseUrl}/forgot-password` } })],
        manager,
      );
      return changed.token_version;
    });
    await this.messaging.endStreams([userId]);
    return { message: ACCOUNT_SELF_SERVICE_MESSAGES.passwordChanged, access_token: this.platform.tokens.sign(userId, tokenVersion) };
  }
}
