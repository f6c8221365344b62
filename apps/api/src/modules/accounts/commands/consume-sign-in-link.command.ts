import type { LoginResponse } from '@crew/contracts';
import { ApiError } from '../../../platform/http/api-error';
import { refuseSuspendedSignIn } from '../../admin/account-suspension';
import type { AccountsDeps } from '../accounts-deps';
import { consumeToken } from '../auth-tokens';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/**
 * Signs in with an emailed sign-in link, once. Opening it proves the address,
 * so it also verifies the email. Password throttling does not apply: the link
 * is the owner's way in while it lasts.
 */
export async function consumeSignInLink(deps: AccountsDeps, token: string): Promise<LoginResponse> {
  const user = await deps.dataSource.transaction(async (manager) => {
    const userId = await consumeToken(manager, token, 'sign_in_link', deps.now());
    if (!userId) throw new ApiError(400, 'INVALID_TOKEN', 'This sign-in link is invalid, used or expired. Please ask for a new one.');
    await manager.query('UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1 AND NOT email_verified', [userId]);
    return manager.getRepository(User).findOneByOrFail({ id: userId });
  });
  await refuseSuspendedSignIn(deps.dataSource, user.id);
  return { access_token: deps.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
}
