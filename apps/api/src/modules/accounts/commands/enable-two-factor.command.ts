import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES, type TwoFactorEnabledResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { TwoFactor } from '../two-factor/two-factor';
import { signInThrottled } from './sign-in.command';

/** The signed-in account confirms its new secret with a code from the authenticator app. */
export class EnableTwoFactor {
  constructor(
    readonly userId: string,
    readonly email: string,
    readonly code: string,
    readonly ip: string,
  ) {}
}

/** Turns two-step sign-in on and answers the recovery codes, once. Wrong codes count on the sign-in throttle. */
@CommandHandler(EnableTwoFactor)
export class EnableTwoFactorHandler implements ICommandHandler<EnableTwoFactor, TwoFactorEnabledResponse> {
  constructor(
    private readonly twoFactor: TwoFactor,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ userId, email, code, ip }: EnableTwoFactor): Promise<TwoFactorEnabledResponse> {
    const throttle = this.platform.signInThrottle;
    const wait = await throttle.retryAfter(email, ip);
    if (wait > 0) throw signInThrottled(wait);
    const outcome = await this.twoFactor.enable(userId, code);
    if (outcome === 'already_enabled') throw new ApplicationError('conflict', TWO_FACTOR_CODES.alreadyEnabled, TWO_FACTOR_MESSAGES.alreadyEnabled);
    if (outcome === 'not_set_up') throw new ApplicationError('conflict', TWO_FACTOR_CODES.notSetUp, TWO_FACTOR_MESSAGES.notSetUp);
    if (outcome === 'invalid_code') {
      await throttle.recordFailure(email, ip);
      throw new ApplicationError('rule', TWO_FACTOR_CODES.invalidCode, TWO_FACTOR_MESSAGES.invalidCode);
    }
    await throttle.recordSuccess(email, ip);
    return {
      message: 'Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are not shown again.',
      recovery_codes: outcome,
    };
  }
}
