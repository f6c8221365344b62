import type { EntityManager } from 'typeorm';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { AccountsDeps } from '../accounts-deps';
import { issueToken } from '../auth-tokens';

/** Issues a verification token and queues its email in the caller's transaction. */
export async function sendVerificationEmail(
  deps: AccountsDeps,
  manager: EntityManager,
  user: { id: string },
): Promise<void> {
  const { id, token } = await issueToken(manager, user.id, 'verify_email', deps.now());
  const link = `${deps.baseUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.jobQueue.enqueue([sendEmailJob(id, { template: 'verify-email', recipientId: user.id, params: { link } })], manager);
}
