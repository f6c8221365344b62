import type { VerifyEmailResponse } from '@crew/contracts';
import { ApiError } from '../../../platform/http/api-error';
import type { AccountsDeps } from '../accounts-deps';
import { consumeToken } from '../auth-tokens';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Consumes the emailed token, marks the address verified and signs the user in. */
export async function verifyEmail(deps: AccountsDeps, token: string): Promise<VerifyEmailResponse> {
  const user = await deps.dataSource.transaction(async (manager) => {
    const userId = await consumeToken(manager, token, 'verify_email', deps.now());
    if (!userId) throw new ApiError(400, 'INVALID_TOKEN', 'Verification failed. The link may be invalid or expired.');
    await manager.query('UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1', [userId]);
    return manager.getRepository(User).findOneByOrFail({ id: userId });
  });
  return { message: 'Your email address is verified. Welcome aboard!', access_token: deps.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
}
