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
import { SECOND_FACTOR_CHECK } from './second-factor';
import { CancelEmailChangeHandler } from './commands/cancel-email-change.command';
import { ConfirmEmailChangeHandler } from './commands/confirm-email-change.command';
import { ConsumeSignInLinkHandler } from './commands/consume-sign-in-link.command';
import { EnableTwoFactorHandler } from './commands/enable-two-factor.command';
import { EnsureFirstAdminHandler } from './commands/ensure-first-admin.command';
import { RegisterUserHandler } from './commands/register-user.command';
import { RequestEmailChangeHandler } from './commands/request-email-change.command';
import { RequestPasswordResetHandler } from './commands/request-password-reset.command';
import { RequestSignInLinkHandler } from './commands/request-sign-in-link.command';
import { ResendVerificationHandler } from './commands/resend-verification.command';
import { ResetPasswordHandler } from './commands/reset-password.command';
import { SetUpTwoFactorHandler } from './commands/set-up-two-factor.command';
import { SignInHandler } from './commands/sign-in.command';
import { SwitchAccountToBothHandler } from './commands/switch-account-to-both.command';
import { UndoEmailChangeHandler } from './commands/undo-email-change.command';
import { VerifyEmailHandler } from './commands/verify-email.command';
import { VerifyTwoFactorHandler } from './commands/verify-two-factor.command';
import { LinkKey } from './link-key';
import { AccountMailThrottle } from './mail-throttle';
import { VerifyResetTokenHandler } from './queries/verify-reset-token.query';
import { TwoFactor } from './two-factor/two-factor';

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
    // The account's own deletion asks two-step sign-in for the second factor.
    { provide: SECOND_FACTOR_CHECK, useExisting: TwoFactor },
    TwoFactor,
    SetUpTwoFactorHandler,
    EnableTwoFactorHandler,
    VerifyTwoFactorHandler,
    contribute('accounts.mail', () => accountMail),
    contribute('accounts.erasure', deleteAccountStep, [PLATFORM]),
  ],
  // Other contexts ask for the second factor before a sensitive change (isEnabled, verifyCode).
  exports: [TwoFactor],
})
export class AccountsModule {}
