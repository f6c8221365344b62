import type { VerifyResetTokenResponse } from '@crew/contracts';
import type { AccountsDeps } from '../accounts-deps';
import { findLiveToken } from '../auth-tokens';

/** Lets the reset screen say "Invalid or Expired Link" before the user types a new password. */
export async function verifyResetToken(deps: AccountsDeps, token: string): Promise<VerifyResetTokenResponse> {
  const live = await findLiveToken(deps.dataSource.manager, token, 'reset_password', deps.now());
  if (!live) return { valid: false };
  const rows: { email: string }[] = await deps.dataSource.query('SELECT email FROM users WHERE id = $1', [live.userId]);
  return rows[0] ? { valid: true, email: rows[0].email } : { valid: false };
}
