import type { UpdateMeRequest, UserResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { RequestEmailChange } from '../../accounts/commands/request-email-change.command';
import { User } from '../../accounts/user.entity';
import { UpdateProfile } from './update-profile.command';

/** The account tab of the signed-in member's profile: name, sign-in address, phone and language, from `ip`. */
export class UpdateAccountDetails {
  constructor(
    readonly userId: string,
    readonly request: UpdateMeRequest,
    readonly ip: string,
  ) {}
}

/**
 * Saves the names and phone number. A new sign-in address needs the current
 * password and waits for the link mailed to it (RequestEmailChange); the
 * same address in another case is no change of mailbox and is saved as it is.
 * The account type is not changed here: an account can only be switched to
 * Skipper & Crew, on its own (SwitchAccountToBoth).
 */
@CommandHandler(UpdateAccountDetails)
export class UpdateAccountDetailsHandler implements ICommandHandler<UpdateAccountDetails, UserResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
  ) {}

  async execute({ userId, request, ip }: UpdateAccountDetails): Promise<UserResponse> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id: userId });
    if (!user) throw new ApplicationError('unauthenticated', 'INVALID_TOKEN', 'Your session has expired. Please log in again.');
    if (request.user_type !== undefined && request.user_type !== user.userType) {
      throw new ApplicationError('validation', 'ACCOUNT_TYPE_FIXED', 'The account type is not changed here: an account can only be switched to Skipper & Crew, on its own');
    }
    const emailChanged = request.email.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged) await this.commands.execute(new RequestEmailChange(user.id, request.email, request.current_password, ip));
    return this.commands.execute(
      new UpdateProfile(user.id, {
        firstName: request.first_name,
        lastName: request.last_name,
        ...(emailChanged ? {} : { email: request.email }),
        phoneNumber: request.phone_number ? request.phone_number : null,
        ...(request.locale ? { locale: request.locale } : {}),
      }),
    );
  }
}
