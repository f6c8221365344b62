import type { RegisterRequest, RegisterResponse } from '@crew/contracts';
import { ApiError } from '../../../platform/http/api-error';
import { EMAIL_TAKEN_MESSAGE } from '../../../platform/http/error-mapping';
import type { AccountsDeps } from '../accounts-deps';
import { refuseCommonPassword } from '../common-passwords';
import { hashPassword } from '../password-hasher';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';
import { sendVerificationEmail } from './send-verification-email';

/**
 * Creates the account and, when verification is required, mails the link in
 * the same transaction (the mail job commits with the user or not at all).
 */
export async function registerUser(deps: AccountsDeps, request: RegisterRequest): Promise<RegisterResponse> {
  refuseCommonPassword(request.password);
  const passwordHash = await hashPassword(request.password);
  const linkKey = deps.emailVerificationRequired ? await deps.linkKey() : null;
  const user = await deps.dataSource.transaction(async (manager) => {
    const taken: unknown[] = await manager.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [request.email]);
    if (taken.length > 0) throw new ApiError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
    const created = await manager.getRepository(User).save(
      manager.getRepository(User).create({
        email: request.email,
        passwordHash,
        firstName: request.first_name,
        lastName: request.last_name,
        userType: request.user_type,
        emailVerified: !deps.emailVerificationRequired,
      }),
    );
    if (linkKey) await sendVerificationEmail(deps, manager, created, linkKey);
    return created;
  });
  if (deps.emailVerificationRequired) {
    // The mail at registration counts towards the account's hourly verification mails ("resend" may add the rest).
    await deps.mailThrottle.allow(user.id, 'verify_email', null).catch(() => false);
    return { email_verification_required: true, message: `We have sent a verification link to ${user.email}. Open it to activate your account.` };
  }
  return {
    email_verification_required: false,
    message: 'Welcome aboard! Your account is ready.',
    access_token: deps.tokens.sign(user.id, user.tokenVersion),
    user: toUserResponse(user),
  };
}
