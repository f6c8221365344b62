import { SIGN_IN_LINK_MESSAGE, type MessageResponse } from '@crew/contracts';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { AccountsDeps } from '../accounts-deps';
import { issueToken } from '../auth-tokens';
import { User } from '../user.entity';

/** At most this many links are mailed to one account per link lifetime, so the endpoint cannot flood an inbox. */
export const MAX_LIVE_SIGN_IN_LINKS = 3;

/**
 * Mails a one-time sign-in link (15 minutes). It is how an owner gets in while
 * password sign-in is throttled: only the mailbox owner can use it. The answer
 * never says whether the account exists.
 */
export async function requestSignInLink(deps: AccountsDeps, email: string): Promise<MessageResponse> {
  await deps.dataSource.transaction(async (manager) => {
    const user = await manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
    if (!user) return;
    const [{ live }] = (await manager.query(
      `SELECT count(*)::int AS live FROM auth_tokens WHERE user_id = $1 AND purpose = 'sign_in_link' AND used_at IS NULL AND expires_at > $2`,
      [user.id, deps.now()],
    )) as [{ live: number }];
    if (live >= MAX_LIVE_SIGN_IN_LINKS) return;
    const { id, token } = await issueToken(manager, user.id, 'sign_in_link', deps.now());
    const link = `${deps.baseUrl}/sign-in-link?token=${encodeURIComponent(token)}`;
    await deps.jobQueue.enqueue([sendEmailJob(id, { template: 'sign-in-link', recipientId: user.id, params: { link } })], manager);
  });
  return { message: SIGN_IN_LINK_MESSAGE };
}
