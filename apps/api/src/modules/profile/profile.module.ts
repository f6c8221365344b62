import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ProfileController } from './profile.controller';
import { UpdateAccountDetailsHandler } from './commands/update-account-details.command';
import { SetProfilePhotoHandler } from './commands/set-profile-photo.command';
import { UpdateProfileHandler } from './commands/update-profile.command';
import { GetPublicProfileHandler } from './queries/get-public-profile.query';
import { GetVerificationStatusHandler } from './queries/get-verification-status.query';
import { ConfirmPhoneCodeHandler } from './commands/confirm-phone-code.command';
import { SendPhoneCodeHandler } from './commands/send-phone-code.command';

/** A member's own profile (and photo), and the public view of anyone's. Accounts handle the sign-in address and the account type. */
@Module({
  imports: [AccountsModule],
  controllers: [ProfileController],
  providers: [
    UpdateProfileHandler,
    UpdateAccountDetailsHandler,
    GetVerificationStatusHandler,
    GetPublicProfileHandler,
    SetProfilePhotoHandler,
    SendPhoneCodeHandler,
    ConfirmPhoneCodeHandler,
  ],
})
export class ProfileModule {}
