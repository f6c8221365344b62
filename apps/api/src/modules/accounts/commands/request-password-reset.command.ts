import { FORGOT_PASSWORD_MESSAGE, type MessageResponse } from '@crew/contracts';
import type { AccountsDeps } from '../accounts-deps';
import { findAccount, mailAccountLink, RESET_LINK } from './mail-account-link';

/**
 * Mails a 1-hour, single-use reset link, re-sending the live one when there
 * is one, within the mail limits. The answer never says whether the account
 * exists or whether a mail went.
 */
export async function requestPasswordReset(deps: AccountsDeps, email: string, ip: string): Promise<MessageResponse> {
  const user = await findAccount(deps.dataSource.manager, email);
  if (user) await mailAccountLink(deps, user.id, RESET_LINK, ip);
  return { message: FORGOT_PASSWORD_MESSAGE };
}
