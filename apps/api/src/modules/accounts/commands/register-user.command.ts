import { isLocale, LOCALE_MESSAGE, SOURCE_LOCALE, type RegisterRequest, type RegisterResponse } from '@crew/contracts';
import { sharedText } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { EMAIL_TAKEN_MESSAGE } from '../../../platform/http/error-mapping';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, PLATFORM } from '../../../platform/tokens';
import { AccountLinkMailer } from '../account-link-mailer';
import { refuseCommonPassword } from '../common-passwords';
import { LinkKey } from '../link-key';
import { AccountMailThrottle } from '../mail-throttle';
import { hashPassword } from '../password-hasher';
import { User } from '../user.entity';
import { toUserResponse } from '../user.mapper';

/**
 * Sign up. `addressVerified`: the address is known to work (the demo's
 * accounts), so no verification link is mailed, whatever the configuration.
 * `request.locale` is the member's language (English when not given): the
 * verification mail is already written in it.
 */
export class RegisterUser {
  constructor(
    readonly request: RegisterRequest,
    readonly addressVerified = false,
  ) {}
}

/**
 * Creates the account and, when verification is required, mails the link in
 * the same transaction (the mail job commits with the user or not at all).
 */
@CommandHandler(RegisterUser)
export class RegisterUserHandler implements ICommandHandler<RegisterUser, RegisterResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly linkKey: LinkKey,
    private readonly mailThrottle: AccountMailThrottle,
    private readonly links: AccountLinkMailer,
  ) {}

  async execute({ request, addressVerified }: RegisterUser): Promise<RegisterResponse> {
    const verificationRequired = this.platform.config.emailVerificationRequired && !addressVerified;
    const locale = request.locale ?? SOURCE_LOCALE;
    if (!isLocale(locale)) throw new ApplicationError('validation', 'VALIDATION_FAILED', LOCALE_MESSAGE, { details: [{ path: 'locale', message: LOCALE_MESSAGE }] });
    refuseCommonPassword(request.password);
    const passwordHash = await hashPassword(request.password);
    const linkKey = verificationRequired ? await this.linkKey.get() : null;
    const user = await this.dataSource.transaction(async (manager) => {
      const taken: unknown[] = await manager.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [request.email]);
      if (taken.length > 0) throw new ApplicationError('conflict', 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE);
      const created = await manager.getRepository(User).save(
        manager.getRepository(User).create({
          email: request.email,
          passwordHash,
          firstName: request.first_name,
          lastName: request.last_name,
          userType: request.user_type,
          emailVerified: !verificationRequired,
          locale,
        }),
      );
      if (linkKey) await this.links.mailVerification(manager, created.id, linkKey);
      return created;
    });
    if (verificationRequired) {
      // The mail at registration counts towards the account's hourly verification mails ("resend" may add the rest).
      await this.mailThrottle.allow(user.id, 'verify_email', null).catch(() => false);
      return { email_verification_required: true, message: sharedText('We have sent a verification link to {email}. Open it to activate your account.', { email: user.email }) };
    }
    return {
      email_verification_required: false,
      message: 'Welcome aboard! Your account is ready.',
      access_token: this.platform.tokens.sign(user.id, user.tokenVersion),
      user: toUserResponse(user),
    };
  }
}
