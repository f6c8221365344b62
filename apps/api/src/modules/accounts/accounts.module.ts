import { Module } from '@nestjs/common';
import { contribute } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { MessagingModule } from '../messaging/messaging.module';
import { accountMail } from './account-mail';
import { deleteAccountStep } from './erasure/delete-account.step';
import { AccountLinkMailer } from './account-link-mailer';
import { AccountsClock } from './accounts-clock';
import { AccountsController } from './accounts.controller';
import { AccountSelfServiceController } from './account-self-service.controller';
import { ChangePasswordHandler } from './commands/change-password.command';
import { DeleteOwnAccountHandler } from './commands/delete-own-account.command';
import { ExportMemberDataHandler } from './queries/export-member-data.query';
import { NO_SECOND_FACTOR, SECOND_FACTOR_CHECK } from './second-factor';
import { CancelEmailChangeHandler } from './commands/cancel-email-change.command';
import { ConfirmEmailChangeHandler } from './commands/confirm-email-change.command';
import { ConsumeSignInLinkHandler } from './commands/consume-sign-in-link.command';
import { EnsureFirstAdminHandler } from './commands/ensure-first-admin.command';
import { RegisterUserHandler } from './commands/register-user.command';
import { RequestEmailChangeHandler } from './commands/request-email-change.command';
import { RequestPasswordResetHandler } from './commands/request-password-reset.command';
import { RequestSignInLinkHandler } from './commands/request-sign-in-link.command';
import { ResendVerificationHandler } from './commands/resend-verification.command';
import { ResetPasswordHandler } from './commands/reset-password.command';
import { SignInHandler } from './commands/sign-in.command';
import { SwitchAccountToBothHandler } from './commands/switch-account-to-both.command';
import { UndoEmailChangeHandler } from './commands/undo-email-change.command';
import { VerifyEmailHandler } from './commands/verify-email.command';
import { LinkKey } from './link-key';
import { AccountMailThrottle } from './mail-throttle';
import { VerifyResetTokenHandler } from './queries/verify-reset-token.query';

/**
 * Accounts: registration, sign-in, verification, password and address
 * changes, and their mails. Messaging is imported to end the open message
 * streams of an account signed out everywhere.
 */
@Module({
  imports: [MessagingModule],
  controllers: [AccountsController, AccountSelfServiceController],
  providers: [
    AccountsClock,
    LinkKey,
    // On the sign-in throttle's store (Redis when REDIS_URL is set, else PostgreSQL).
    { provide: AccountMailThrottle, useFactory: (platform: Platform) => new AccountMailThrottle(platform.signInThrottle.create), inject: [PLATFORM] },
    AccountLinkMailer,
    SignInHandler,
    RequestSignInLinkHandler,
    ConsumeSignInLinkHandler,
    RegisterUserHandler,
    VerifyEmailHandler,
    ResendVerificationHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    RequestEmailChangeHandler,
    CancelEmailChangeHandler,
    ConfirmEmailChangeHandler,
    UndoEmailChangeHandler,
    SwitchAccountToBothHandler,
    EnsureFirstAdminHandler,
    VerifyResetTokenHandler,
    ChangePasswordHandler,
    DeleteOwnAccountHandler,
    ExportMemberDataHandler,
    // Two-step sign-in binds its check here; until then no account has a second factor to ask for.
    { provide: SECOND_FACTOR_CHECK, useValue: NO_SECOND_FACTOR },
    contribute('accounts.mail', () => accountMail),
    contribute('accounts.erasure', deleteAccountStep, [PLATFORM]),
  ],
})
export class AccountsModule {}
