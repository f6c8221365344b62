import type { MessageResponse, ResetPasswordRequest } from '@crew/contracts';
import { ApiError } from '../../../platform/http/api-error';
import type { AccountsDeps } from '../accounts-deps';
import { refuseCommonPassword } from '../common-passwords';
import { consumeToken } from '../auth-tokens';
import { hashPassword } from '../password-hasher';

/**
 * Sets the new password and bumps the token version, so every token issued
 * before the reset stops working, and ends the open message streams (signed
 * out everywhere). The link works once.
 */
export async function resetPassword(deps: AccountsDeps, request: ResetPasswordRequest): Promise<MessageResponse> {
  refuseCommonPassword(request.password);
  const passwordHash = await hashPassword(request.password);
  const userId = await deps.dataSource.transaction(async (manager) => {
    const owner = await consumeToken(manager, request.token, 'reset_password', deps.now());
    if (!owner) throw new ApiError(400, 'INVALID_TOKEN', 'This reset link is invalid or has expired. Please request a new one.');
    await manager.query('UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1', [owner, passwordHash]);
    return owner;
  });
  await deps.endLiveStreams([userId]);
  return { message: 'Your password has been reset. You can now sign in with your new password.' };
}
