import { ACCOUNT_TYPE_CHANGE, type UserResponse } from '@crew/contracts';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../../platform/http/api-error';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/**
 * The one change of account type there is (the product owner's decision on
 * top of PRODUCT.md's "the account type cannot change"): a Skipper or a Crew
 * account becomes Skipper & Crew, keeping its voyages, boats, applications and
 * reviews. Already Skipper & Crew: nothing to do, the account is answered as it
 * is. An administrator's type never changes. One conditional UPDATE, so two
 * requests at once agree.
 */
export async function switchAccountToBoth(dataSource: DataSource, userId: string): Promise<UserResponse> {
  await dataSource.query(`UPDATE users SET user_type = 'both', updated_at = now() WHERE id = $1 AND user_type IN ('skipper', 'crew') AND NOT is_admin`, [userId]);
  const user = await dataSource.getRepository(User).findOneByOrFail({ id: userId });
  if (user.isAdmin || user.userType === 'admin') throw new ApiError(409, ACCOUNT_TYPE_CHANGE.codes.fixed, ACCOUNT_TYPE_CHANGE.messages.admin);
  return toUserResponse(user);
}
