import { EMAIL_ALREADY_VERIFIED, type VerifyEmailResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { TokenService } from '../../../platform/auth/token.service';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE, TOKEN_SERVICE } from '../../../platform/tokens';
import { refuseSuspendedSignIn } from '../../admin/account-suspension';
import { AccountsClock } from '../accounts-clock';
import { consumeToken, tokenOwner } from '../auth-tokens';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/** Open the verification link mailed at registration. */
export class VerifyEmail {
  constructor(readonly token: string) {}
}

/** Consumes the emailed token, marks the address verified and signs the user in. */
@CommandHandler(VerifyEmail)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmail, VerifyEmailResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(TOKEN_SERVICE) private readonly tokens: TokenService,
    private readonly clock: AccountsClock,
  ) {}

  async execute({ token }: VerifyEmail): Promise<VerifyEmailResponse> {
    const user = await this.dataSource.transaction(async (manager) => {
      const userId = await consumeToken(manager, token, 'verify_email', this.clock.now());
      if (!userId) {
        // A second click on the link of an address already verified: say so, and let the member sign in (the link signs nobody in twice).
        const owner = await tokenOwner(manager, token, 'verify_email');
        const [account] = owner ? await manager.query<{ email_verified: boolean }[]>('SELECT email_verified FROM users WHERE id = $1', [owner]) : [];
        if (account?.email_verified) throw new ApplicationError('conflict', EMAIL_ALREADY_VERIFIED.code, EMAIL_ALREADY_VERIFIED.message);
        throw new ApplicationError('validation', 'INVALID_TOKEN', 'Verification failed. The link may be invalid or expired.');
      }
      await manager.query('UPDATE users SET email_verified = true, updated_at = now() WHERE id = $1', [userId]);
      return manager.getRepository(User).findOneByOrFail({ id: userId });
    });
    // The address is verified either way; a suspended account is not signed in.
    await refuseSuspendedSignIn(this.dataSource, user.id);
    return { message: 'Your email address is verified. Welcome aboard!', access_token: this.tokens.sign(user.id, user.tokenVersion), user: toUserResponse(user) };
  }
}
