import type { ConfirmEmailChangeResponse } from '@crew/contracts';
import { sharedText } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { AccountsClock } from '../accounts-clock';
import { consumeTokenRow, retireTokens } from '../auth-tokens';
import { otherAccountHas, sameAddress } from '../email-change';

/** Open the link mailed to the new address of an email change. */
export class ConfirmEmailChange {
  constructor(readonly token: string) {}
}

/**
 * The account switches to the new address, now verified. Links that went to
 * the old address for signing in or resetting the password stop working.
 * A conflict when another account took the address since.
 */
@CommandHandler(ConfirmEmailChange)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChange, ConfirmEmailChangeResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ token }: ConfirmEmailChange): Promise<ConfirmEmailChangeResponse> {
    const email = await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const used = await consumeTokenRow(manager, token, 'confirm_email_change', now);
      if (!used?.email) {
        throw new ApplicationError(
          'validation',
          'INVALID_TOKEN',
          'This confirmation link is invalid, used or expired. Change your email again from your profile to get a new one.',
        );
      }
      const [user] = await manager.query<{ pending_email: string | null }[]>('SELECT pending_email FROM users WHERE id = $1 FOR UPDATE', [used.userId]);
      if (!user?.pending_email || !sameAddress(user.pending_email, used.email)) {
        throw new ApplicationError('validation', 'INVALID_TOKEN', 'This email change was cancelled or replaced by a newer one, so this link no longer works.');
      }
      if (await otherAccountHas(manager, used.email, used.userId)) {
        throw new ApplicationError(
          'conflict',
          'EMAIL_TAKEN',
          'Another account now uses this email address, so your address was not changed. Please choose another one in your profile.',
        );
      }
      await manager.query('UPDATE users SET email = $2, email_verified = true, pending_email = NULL, updated_at = now() WHERE id = $1', [used.userId, used.email]);
      await retireTokens(manager, used.userId, ['reset_password', 'sign_in_link', 'verify_email'], now);
      return used.email;
    });
    return { message: sharedText('Your email address is now {email}. Use it to sign in from now on.', { email }), email };
  }
}
