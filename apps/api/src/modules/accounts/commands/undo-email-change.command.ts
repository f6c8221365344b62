import type { UndoEmailChangeResponse } from '@crew/contracts';
import { sharedText } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { MESSAGING_SERVICES, type MessagingServices } from '../../messaging/messaging-services';
import { AccountsClock } from '../accounts-clock';
import { consumeTokenRow, issueToken, retireTokens } from '../auth-tokens';
import { otherAccountHas, sameAddress } from '../email-change';
import { LinkKey } from '../link-key';

/** Open the "this was not me" link mailed to the old address of an email change. */
export class UndoEmailChange {
  constructor(readonly token: string) {}
}

/**
 * The old address comes back (verified: the link proves it) if the change
 * went through, a pending change is dropped, every session is signed out
 * (token version bumped, open message streams ended) and links mailed since
 * stop working. The answer carries a password reset token so the owner can
 * choose a new password at once. A conflict when the old address now belongs
 * to another account (the sign-out stands).
 */
@CommandHandler(UndoEmailChange)
export class UndoEmailChangeHandler implements ICommandHandler<UndoEmailChange, UndoEmailChangeResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
    private readonly linkKey: LinkKey,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ token }: UndoEmailChange): Promise<UndoEmailChangeResponse> {
    const key = await this.linkKey.get();
    const outcome = await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const used = await consumeTokenRow(manager, token, 'undo_email_change', now);
      if (!used?.email) {
        throw new ApplicationError(
          'validation',
          'INVALID_TOKEN',
          'This link is invalid, used or expired. If your account was taken over, ask for a password reset or contact support.',
        );
      }
      const [user] = await manager.query<{ email: string }[]>('SELECT email FROM users WHERE id = $1 FOR UPDATE', [used.userId]);
      if (!user) throw new ApplicationError('validation', 'INVALID_TOKEN', 'This link is invalid, used or expired.');
      const taken = !sameAddress(user.email, used.email) && (await otherAccountHas(manager, used.email, used.userId));
      await manager.query(
        `UPDATE users SET email = CASE WHEN $3 THEN email ELSE $2 END, email_verified = CASE WHEN $3 THEN email_verified ELSE true END,
                pending_email = NULL, token_version = token_version + 1, updated_at = now()
          WHERE id = $1`,
        [used.userId, used.email, taken],
      );
      await retireTokens(manager, used.userId, ['confirm_email_change', 'reset_password', 'sign_in_link', 'verify_email'], now);
      const reset = taken ? null : await issueToken(manager, used.userId, 'reset_password', now, { key });
      return { userId: used.userId, email: taken ? user.email : used.email, resetToken: reset?.token ?? null };
    });
    await this.messaging.endStreams([outcome.userId]);
    if (!outcome.resetToken) {
      throw new ApplicationError(
        'conflict',
        'EMAIL_TAKEN',
        'Every session of your account is signed out, but your old address now belongs to another account, so it could not be restored. Please contact support.',
      );
    }
    return {
      message: sharedText('The email change is undone: your account uses {email} again and every session is signed out. Choose a new password now.', { email: outcome.email }),
      email: outcome.email,
      reset_token: outcome.resetToken,
    };
  }
}
