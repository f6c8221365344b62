import type { MessageResponse } from '@crew/contracts';
import type { AccountsDeps } from '../accounts-deps';
import { findAccount, mailAccountLink, VERIFY_LINK } from './mail-account-link';

/**
 * Answers the same whether or not the address has an unverified account, and
 * whether or not the mail limits let a mail go, so it reveals nothing. The
 * live link is mailed again while there is one.
 */
export async function resendVerification(deps: AccountsDeps, email: string, ip: string): Promise<MessageResponse> {
  const user = await findAccount(deps.dataSource.manager, email);
  if (user && !user.emailVerified) await mailAccountLink(deps, user.id, VERIFY_LINK, ip, (row) => !row.email_verified);
  return { message: 'If this address has an account waiting for verification, a new link is on its way.' };
}
