import type { LoginRequest, LoginResponse } from '@crew/contracts';
import { TOO_MANY_SIGN_IN_ATTEMPTS_CODE } from '@crew/contracts';
import { ApiError } from '../../../platform/http/api-error';
import { refuseSuspendedSignIn } from '../../admin/account-suspension';
import type { AccountsDeps } from '../accounts-deps';
import { verifyPasswordOf } from '../password-hasher';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** A throttled sign-in: how long to wait, and the way in that does not wait. */
export class SignInThrottledError extends ApiError {
  constructor(readonly retryAfterS: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
    super(
      429,
      TOO_MANY_SIGN_IN_ATTEMPTS_CODE,
      retryAfterS < 60
        ? `Too many failed sign-in attempts. Please wait ${retryAfterS} seconds and try again, or sign in with a link sent to your email.`
        : `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again, or sign in with a link sent to your email.`,
    );
  }
}

/**
 * Password sign-in. Throttled per account and address, per address and per
 * account (SIGN_IN_POLICY) before any hash is checked; an unknown email is
 * checked against a dummy hash so it takes as long as a known one.
 */
export async function signIn(deps: AccountsDeps, request: LoginRequest, ip: string): Promise<LoginResponse> {
  const wait = await deps.signInThrottle.retryAfter(request.email, ip);
  if (wait > 0) throw new SignInThrottledError(wait);

  const user = await deps.dataSource.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: request.email }).getOne();
  if (!(await verifyPasswordOf(user, request.password)) || !user) {
    await deps.signInThrottle.recordFailure(request.email, ip);
    throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
  }
  await deps.signInThrottle.recordSuccess(request.email, ip);
  // Only someone who knows the password learns that the account is suspended.
  await refuseSuspendedSignIn(deps.dataSource, user.id);
  if (deps.emailVerificationRequired && !user.emailVerified && !user.isAdmin) {
    throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address before signing in. Check your inbox for the link, or ask for a new one.');
  }
  return { access_token: deps.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
}
