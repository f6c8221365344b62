import type { UserResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { AccountsClock } from '../accounts-clock';
import { retireTokens } from '../auth-tokens';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Drop the signed-in member's pending email change. */
export class CancelEmailChange {
  constructor(readonly userId: string) {}
}

/** Drops a pending change: its confirmation link stops working and the address stays as it is. Answers the account as it now is. */
@CommandHandler(CancelEmailChange)
export class CancelEmailChangeHandler implements ICommandHandler<CancelEmailChange, UserResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ userId }: CancelEmailChange): Promise<UserResponse> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('UPDATE users SET pending_email = NULL, updated_at = now() WHERE id = $1 AND pending_email IS NOT NULL', [userId]);
      await retireTokens(manager, userId, ['confirm_email_change'], this.clock.now());
    });
    return toUserResponse(await this.dataSource.getRepository(User).findOneByOrFail({ id: userId }));
  }
}
