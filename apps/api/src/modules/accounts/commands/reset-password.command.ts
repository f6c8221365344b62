import type { MessageResponse, ResetPasswordRequest } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { MESSAGING_SERVICES, type MessagingServices } from '../../messaging/messaging-services';
import { AccountsClock } from '../accounts-clock';
import { consumeToken } from '../auth-tokens';
import { refuseCommonPassword } from '../common-passwords';
import { hashPassword } from '../password-hasher';

/** Choose a new password with the token of a reset link. */
export class ResetPassword {
  constructor(readonly request: ResetPasswordRequest) {}
}

/**
 * Sets the new password and bumps the token version, so every token issued
 * before the reset stops working, and ends the open message streams (signed
 * out everywhere). The link works once.
 */
@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword, MessageResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ request }: ResetPassword): Promise<MessageResponse> {
    refuseCommonPassword(request.password);
    const passwordHash = await hashPassword(request.password);
    const userId = await this.dataSource.transaction(async (manager) => {
      const owner = await consumeToken(manager, request.token, 'reset_password', this.clock.now());
      if (!owner) throw new ApplicationError('validation', 'INVALID_TOKEN', 'This reset link is invalid or has expired. Please request a new one.');
      await manager.query('UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1', [owner, passwordHash]);
      return owner;
    });
    await this.messaging.endStreams([userId]);
    return { message: 'Your password has been reset. You can now sign in with your new password.' };
  }
}
