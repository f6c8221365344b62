import { ACCOUNT_TYPE_CHANGE, type UserResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Make a Skipper or a Crew account a Skipper & Crew one. */
export class SwitchAccountToBoth {
  constructor(readonly userId: string) {}
}

/**
 * The one change of account type there is (the product owner's decision on
 * top of "the account type cannot change"): a Skipper or a Crew account
 * becomes Skipper & Crew, keeping its voyages, boats, applications and
 * reviews. Already Skipper & Crew: nothing to do, the account is answered as it
 * is. An administrator's type never changes. One conditional UPDATE, so two
 * requests at once agree.
 */
@CommandHandler(SwitchAccountToBoth)
export class SwitchAccountToBothHandler implements ICommandHandler<SwitchAccountToBoth, UserResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: SwitchAccountToBoth): Promise<UserResponse> {
    await this.dataSource.query(`UPDATE users SET user_type = 'both', updated_at = now() WHERE id = $1 AND user_type IN ('skipper', 'crew') AND NOT is_admin`, [userId]);
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: userId });
    if (user.isAdmin || user.userType === 'admin') throw new ApplicationError('conflict', ACCOUNT_TYPE_CHANGE.codes.fixed, ACCOUNT_TYPE_CHANGE.messages.admin);
    return toUserResponse(user);
  }
}
