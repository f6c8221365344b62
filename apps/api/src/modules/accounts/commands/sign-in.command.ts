import type { LoginRequest, SignInResponse } from '@crew/contracts';
import { TOO_MANY_SIGN_IN_ATTEMPTS_CODE } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, PLATFORM } from '../../../platform/tokens';
import { refuseSuspendedSignIn } from '../../admin/account-suspension';
import { verifyPasswordOf } from '../password-hasher';
import { TwoFactor } from '../two-factor/two-factor';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Password sign-in from a client address. */
export class SignIn {
  constructor(
    readonly request: LoginRequest,
    readonly ip: string,
  ) {}
}

/** A throttled sign-in: how long to wait (also sent as Retry-After), and the way in that does not wait. */
export const signInThrottled = (retryAfterS: number): ApplicationError => {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return new ApplicationError(
    'rate_limited',
    TOO_MANY_SIGN_IN_ATTEMPTS_CODE,
    retryAfterS < 60
      ? 'Too many failed sign-in attempts. Please wait {seconds, plural, other {{seconds} seconds}} and try again, or sign in with a link sent to your email.'
      : 'Too many failed sign-in attempts. Please wait {minutes, plural, other {{minutes} minutes}} and try again, or sign in with a link sent to your email.',
    { retryAfterS, values: { seconds: retryAfterS, minutes } },
  );
};

/**
 * Throttled per account and address, per address and per account
 * (SIGN_IN_POLICY) before any hash is checked; an unknown email is checked
 * against a dummy hash so it takes as long as a known one. An account with
 * two-step sign-in gets a challenge for its code instead of a session.
 */
@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn, SignInResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly twoFactor: TwoFactor,
  ) {}

  async execute({ request, ip }: SignIn): Promise<SignInResponse> {
    const throttle = this.platform.signInThrottle;
    const wait = await throttle.retryAfter(request.email, ip);
    if (wait > 0) throw signInThrottled(wait);

    const user = await this.dataSource.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: request.email }).getOne();
    if (!(await verifyPasswordOf(user, request.password)) || !user) {
      await throttle.recordFailure(request.email, ip);
      throw new ApplicationError('unauthenticated', 'INVALID_CREDENTIALS', 'Invalid email or password');
    }
    await throttle.recordSuccess(request.email, ip);
    // Only someone who knows the password learns that the account is suspended.
    await refuseSuspendedSignIn(this.dataSource, user.id);
    if (this.platform.config.emailVerificationRequired && !user.emailVerified && !user.isAdmin) {
      throw new ApplicationError('forbidden', 'EMAIL_NOT_VERIFIED', 'Please verify your email address before signing in. Check your inbox for the link, or ask for a new one.');
    }
    // With two-step sign-in on, the password only earns the code step (POST /api/auth/2fa/verify).
    if (user.twoFactorEnabledAt) return this.twoFactor.issueChallenge(user.id);
    return { access_token: this.platform.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
  }
}
