import type { SignInResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { TokenService } from '../../../platform/auth/token.service';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE, TOKEN_SERVICE } from '../../../platform/tokens';
import { refuseSuspendedSignIn } from '../../admin/account-suspension';
import { AccountsClock } from '../accounts-clock';
import { consumeToken } from '../auth-tokens';
import { TwoFactor } from '../two-factor/two-factor';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Sign in with the token of an emailed sign-in link. */
export class ConsumeSignInLink {
  constructor(readonly token: string) {}
}

/**
 * Signs in with an emailed sign-in link, once. Opening it proves the address,
 * so it also verifies the email. Password throttling does not apply: the link
 * is the owner's way in while it lasts.
 */
@CommandHandler(ConsumeSignInLink)
export class ConsumeSignInLinkHandler implements ICommandHandler<ConsumeSignInLink, SignInResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    private readonly clock: AccountsClock,
    private readonly twoFactor: TwoFactor,
  ) {}

  async execute({ token }: ConsumeSignInLink): Promise<SignInResponse> {
    const user = await this.dataSource.transaction(async (manager) => {
      const userId = await consumeToken(manager, token, 'sign_in_link', this.clock.now());
      if (!userId) throw new ApplicationError('validation', 'INVALID_TOKEN', 'This sign-in link is invalid, used or expired. Please ask for a new one.');
      await manager.query('UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1 AND NOT email_verified', [userId]);
      return manager.getRepository(User).findOneByOrFail({ id: userId });
    });
    await refuseSuspendedSignIn(this.dataSource, user.id);
    // A link proves the mailbox, not the second factor: two-step sign-in still asks for its code.
    if (user.twoFactorEnabledAt) return this.twoFactor.issueChallenge(user.id);
    return { access_token: this.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
  }
}
