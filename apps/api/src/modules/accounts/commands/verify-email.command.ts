import { EMAIL_ALREADY_VERIFIED, type VerifyEmailResponse } from '@crew/contracts';
import { ApiError } from '../../../platform/http/api-error';
import { refuseSuspendedSignIn } from '../../admin/account-suspension';
import type { AccountsDeps } from '../accounts-deps';
import { consumeToken, tokenOwner } from '../auth-tokens';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Consumes the emailed token, marks the address verified and signs the user in. */
export async function verifyEmail(deps: AccountsDeps, token: string): Promise<VerifyEmailResponse> {
  const user = await deps.dataSource.transaction(async (manager) => {
    const userId = await consumeToken(manager, token, 'verify_email', deps.now());
    if (!userId) {
      // A second click on the link of an address already verified: say so, and let the member sign in (the link signs nobody in twice).
      const owner = await tokenOwner(manager, token, 'verify_email');
      const [account] = owner ? await manager.query<{ email_verified: boolean }[]>('SELECT email_verified FROM users WHERE id = $1', [owner]) : [];
      if (account?.email_verified) throw new ApiError(409, EMAIL_ALREADY_VERIFIED.code, EMAIL_ALREADY_VERIFIED.message);
      throw new ApiError(400, 'INVALID_TOKEN', 'Verification failed. The link may be invalid or expired.');
    }
    await manager.query('UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1', [userId]);
    return manager.getRepository(User).findOneByOrFail({ id: userId });
  });
  // The address is verified either way; a suspended account is not signed in.
  await refuseSuspendedSignIn(deps.dataSource, user.id);
  return { message: 'Your email address is verified. Welcome aboard!', access_token: deps.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
}
