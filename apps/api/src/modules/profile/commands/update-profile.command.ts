import { isLocale, LOCALE_MESSAGE, type UserResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { User } from '../../accounts/user.entity';
import { toUserResponse } from '../../accounts/user.mapper';
import { phoneKey } from '../phone-codes';

/**
 * The profile columns a save may change; credentials, token version and trust
 * flags are never among them. `email` only in another case of the same address:
 * a new address goes through the email change (accounts/commands/request-email-change.command).
 */
export type ProfileChanges = Partial<
  Pick<User, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'sailingExperience' | 'emergencyContact' | 'crewSkills' | 'crewExpectations' | 'locale'>
>;

/** Saves one tab of the signed-in user's profile; a new phone number is no longer verified. */
export class UpdateProfile {
  constructor(
    readonly userId: string,
    readonly changes: ProfileChanges,
  ) {}
}

/**
 * Writes only the columns the request changes, never the whole row loaded at
 * the start of the request: a password reset (or any other save) that lands
 * in between keeps its own columns.
 */
@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile, UserResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, changes }: UpdateProfile): Promise<UserResponse> {
    // The language is checked before anything is written (the contracts check it at the door; this guards every other caller).
    if (changes.locale !== undefined && !isLocale(changes.locale)) {
      throw new ApplicationError('validation', 'VALIDATION_FAILED', LOCALE_MESSAGE, { details: [{ path: 'locale', message: LOCALE_MESSAGE }] });
    }
    const users = this.dataSource.getRepository(User);
    // Another number is not verified: the check starts again (the same number spaced differently is no change).
    // A code confirmed meanwhile verifies only the number it was sent to (see ConfirmPhoneCode), so this write wins.
    let phoneChange: Partial<Pick<User, 'phoneVerified'>> = {};
    if (changes.phoneNumber !== undefined) {
      const [current] = await this.dataSource.query<{ phone_number: string | null }[]>('SELECT phone_number FROM users WHERE id = $1', [userId]);
      if (phoneKey(current?.phone_number) !== phoneKey(changes.phoneNumber)) phoneChange = { phoneVerified: false };
    }
    await users.update({ id: userId }, { ...changes, ...phoneChange, updatedAt: new Date() });
    return toUserResponse(await users.findOneByOrFail({ id: userId }));
  }
}
