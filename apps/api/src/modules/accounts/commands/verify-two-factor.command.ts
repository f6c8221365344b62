import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES, type LoginResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, PLATFORM } from '../../../platform/tokens';
import { refuseSuspendedSignIn } from '../../admin/account-suspension';
import { TwoFactor } from '../two-factor/two-factor';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';
import { signInThrottled } from './sign-in.command';

/** The code step of a sign-in: the challenge a password sign-in answered, and a code. */
export class VerifyTwoFactor {
  constructor(
    readonly challenge: string,
    readonly code: string,
    readonly ip: string,
  ) {}
}

const challengeExpired = (): ApplicationError => new ApplicationError('unauthenticated', TWO_FACTOR_CODES.challengeExpired, TWO_FACTOR_MESSAGES.challengeExpired);

/**
 * Answers the session once the code is right. The challenge works once and
 * for 5 minutes; wrong codes count on the sign-in throttle of the account and
 * address, as wrong passwords do.
 */
@CommandHandler(VerifyTwoFactor)
export class VerifyTwoFactorHandler implements ICommandHandler<VerifyTwoFactor, LoginResponse> {
  constructor(
    private readonly twoFactor: TwoFactor,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ challenge, code, ip }: VerifyTwoFactor): Promise<LoginResponse> {
    const userId = await this.twoFactor.challengeUser(challenge);
    if (!userId) throw challengeExpired();
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw challengeExpired();
    const throttle = this.platform.signInThrottle;
    const wait = await throttle.retryAfter(user.email, ip);
    if (wait > 0) throw signInThrottled(wait);
    if (!(await this.twoFactor.verifyCode(user.id, code))) {
      await throttle.recordFailure(user.email, ip);
      throw new ApplicationError('unauthenticated', TWO_FACTOR_CODES.invalidCode, TWO_FACTOR_MESSAGES.invalidCode);
    }
    if (!(await this.twoFactor.endChallenge(challenge))) throw challengeExpired();
    await throttle.recordSuccess(user.email, ip);
    await refuseSuspendedSignIn(this.dataSource, user.id);
    return { access_token: this.platform.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
  }
}
