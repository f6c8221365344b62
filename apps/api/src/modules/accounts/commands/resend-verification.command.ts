import type { MessageResponse } from '@crew/contracts';
import type { AccountsDeps } from '../accounts-deps';
import { User } from '../user.entity';
import { sendVerificationEmail } from './send-verification-email';

/** Answers the same whether or not the address has an unverified account, so it reveals nothing. */
export async function resendVerification(deps: AccountsDeps, email: string): Promise<MessageResponse> {
  await deps.dataSource.transaction(async (manager) => {
    const user = await manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
    if (user && !user.emailVerified) await sendVerificationEmail(deps, manager, user);
  });
  return { message: 'If this address has an account waiting for verification, a new link is on its way.' };
}
