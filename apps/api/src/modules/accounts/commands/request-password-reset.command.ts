import { FORGOT_PASSWORD_MESSAGE, type MessageResponse } from '@crew/contracts';
import { sendEmailJob } from '../../../platform/mail/send-email.job';
import type { AccountsDeps } from '../accounts-deps';
import { issueToken } from '../auth-tokens';
import { User } from '../user.entity';

/** Mails a 1-hour, single-use reset link; the answer never says whether the account exists. */
export async function requestPasswordReset(deps: AccountsDeps, email: string): Promise<MessageResponse> {
  await deps.dataSource.transaction(async (manager) => {
    const user = await manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
    if (!user) return;
    const { id, token } = await issueToken(manager, user.id, 'reset_password', deps.now());
    const link = `${deps.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.jobQueue.enqueue([sendEmailJob(id, { template: 'reset-password', recipientId: user.id, params: { link } })], manager);
  });
  return { message: FORGOT_PASSWORD_MESSAGE };
}
