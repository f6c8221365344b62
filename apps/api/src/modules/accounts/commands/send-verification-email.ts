import type { EntityManager } from 'typeorm';
import type { AccountsDeps } from '../accounts-deps';
import { issueToken } from '../auth-tokens';
import { enqueueLinkMail, VERIFY_LINK } from './mail-account-link';

/**
 * Issues a verification token (one that "resend" can mail again) and queues
 * its email in the caller's transaction: the mail at registration. `key`
 * is deps.linkKey(), read before the transaction opens.
 */
export async function sendVerificationEmail(deps: AccountsDeps, manager: EntityManager, user: { id: string }, key: Buffer): Promise<void> {
  const issued = await issueToken(manager, user.id, 'verify_email', deps.now(), { key });
  await enqueueLinkMail(deps, manager, user.id, VERIFY_LINK, issued);
}
