import { Module } from '@nestjs/common';
import { contribute } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { MessagingModule } from '../messaging/messaging.module';
import { MESSAGING_SERVICES, type MessagingServices } from '../messaging/messaging-services';
import { accountMail } from './account-mail';
import { ACCOUNTS_DEPS, accountsDeps } from './accounts-deps';
import { AccountsController } from './accounts.controller';

/** Accounts: registration, sign-in, verification, password and address changes, and their mails. */
@Module({
  imports: [MessagingModule],
  controllers: [AccountsController],
  providers: [
    { provide: ACCOUNTS_DEPS, useFactory: (platform: Platform, messaging: MessagingServices) => accountsDeps(platform, messaging), inject: [PLATFORM, MESSAGING_SERVICES] },
    contribute('accounts.mail', () => accountMail),
  ],
  exports: [ACCOUNTS_DEPS],
})
export class AccountsModule {}
