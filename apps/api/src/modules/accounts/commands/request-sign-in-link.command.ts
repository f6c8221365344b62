import { isSafeNextPath, SIGN_IN_LINK_MESSAGE, type MessageResponse } from '@crew/contracts';
import type { AccountsDeps } from '../accounts-deps';
import { findAccount, mailAccountLink, SIGN_IN_LINK } from './mail-account-link';

/**
 * Mails a one-time sign-in link (15 minutes). It is how an owner gets in while
 * password sign-in is throttled: only the mailbox owner can use it. The live
 * link is re-sent while there is one, within the mail limits (3 an hour per
 * account), so the endpoint cannot flood an inbox. The answer never says
 * whether the account exists. `next` (a same-site path, checked by the
 * contract) rides on the link, so the member lands on the page they were
 * going to once signed in.
 */
export async function requestSignInLink(deps: AccountsDeps, email: string, ip: string, next?: string): Promise<MessageResponse> {
  const user = await findAccount(deps.dataSource.manager, email);
  if (user) await mailAccountLink(deps, user.id, SIGN_IN_LINK, ip, undefined, isSafeNextPath(next) ? { next } : {});
  return { message: SIGN_IN_LINK_MESSAGE };
}
