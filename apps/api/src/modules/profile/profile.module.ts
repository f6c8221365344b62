import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ProfileController } from './profile.controller';
import { UpdateProfileHandler } from './commands/update-profile.command';

/** A member's own profile, and the public view of anyone's. */
@Module({
  imports: [AccountsModule],
  controllers: [ProfileController],
  providers: [UpdateProfileHandler],
})
export class ProfileModule {}
