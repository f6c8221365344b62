import { TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES, type TwoFactorSetupResponse } from '@crew/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import { TwoFactor } from '../two-factor/two-factor';

/** The signed-in account asks for a new authenticator secret. */
export class SetUpTwoFactor {
  constructor(
    readonly userId: string,
    readonly email: string,
  ) {}
}

/** Answers the secret and its otpauth URL once; nothing is in force until a code confirms it. */
@CommandHandler(SetUpTwoFactor)
export class SetUpTwoFactorHandler implements ICommandHandler<SetUpTwoFactor, TwoFactorSetupResponse> {
  constructor(private readonly twoFactor: TwoFactor) {}

  async execute({ userId, email }: SetUpTwoFactor): Promise<TwoFactorSetupResponse> {
    const setup = await this.twoFactor.beginSetup(userId, email);
    if (!setup) throw new ApplicationError('conflict', TWO_FACTOR_CODES.alreadyEnabled, TWO_FACTOR_MESSAGES.alreadyEnabled);
    return { secret: setup.secret, otpauth_url: setup.otpauthUrl };
  }
}
