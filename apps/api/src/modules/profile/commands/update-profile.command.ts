import type { UserResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { User } from '../../accounts/user.entity';
import { toUserResponse } from '../../accounts/user.mapper';

/**
 * The profile columns a save may change; credentials, token version and trust
 * flags are never among them. `email` only in another case of the same address:
 * a new address goes through the email change (accounts/commands/request-email-change.command).
 */
export type ProfileChanges = Partial<Pick<User, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'sailingExperience' | 'emergencyContact' | 'crewSkills' | 'crewExpectations'>>;

/** Saves one tab of the signed-in user's profile. */
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
    const users = this.dataSource.getRepository(User);
    await users.update({ id: userId }, { ...changes, updatedAt: new Date() });
    return toUserResponse(await users.findOneByOrFail({ id: userId }));
  }
}
