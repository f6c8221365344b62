import type { LoginRequest, LoginResponse } from '@crew/contracts';
import { ApiError } from '../../../platform/http/api-error';
import type { AccountsDeps } from '../accounts-deps';
import { verifyPassword } from '../password-hasher';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Failed sign-ins allowed per account and per address in one window. */
export const SIGN_IN_LIMITS = { perAccount: 5, perIp: 20, windowMs: 15 * 60_000 } as const;
const TOO_MANY = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

export async function signIn(deps: AccountsDeps, request: LoginRequest, ip: string): Promise<LoginResponse> {
  const accountKey = `login:account:${request.email.toLowerCase()}`;
  const ipKey = `login:ip:${ip}`;
  const [accountFailures, ipFailures] = await Promise.all([deps.rateLimiter.count(accountKey), deps.rateLimiter.count(ipKey)]);
  if (accountFailures >= SIGN_IN_LIMITS.perAccount || ipFailures >= SIGN_IN_LIMITS.perIp) throw new ApiError(429, 'TOO_MANY_ATTEMPTS', TOO_MANY);

  const user = await deps.dataSource
    .getRepository(User)
    .createQueryBuilder('u')
    .where('lower(u.email) = lower(:email)', { email: request.email })
    .getOne();
  if (!user || !(await verifyPassword(user.passwordHash, request.password))) {
    await Promise.all([deps.rateLimiter.hit(accountKey, SIGN_IN_LIMITS.windowMs), deps.rateLimiter.hit(ipKey, SIGN_IN_LIMITS.windowMs)]);
    throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
  }
  await deps.rateLimiter.clear(accountKey);
  if (deps.emailVerificationRequired && !user.emailVerified && !user.isAdmin) {
    throw new ApiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address before signing in. Check your inbox for the link, or ask for a new one.');
  }
  return { access_token: deps.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
}
