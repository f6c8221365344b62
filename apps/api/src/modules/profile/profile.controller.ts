import {
  routes,
  type CrewExpectations,
  type CrewSkills,
  type EmergencyContact,
  type PublicProfile,
  type SailingExperience,
  type UpdateMeRequest,
  type UserResponse,
  type VerificationStatus,
} from '@crew/contracts';
import { Body, Controller, Get, Inject, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { DATA_SOURCE } from '../../platform/tokens';
import { User } from '../accounts/user.entity';
import { UpdateProfile, type ProfileChanges } from './commands/update-profile.command';
import { trustOf } from './trust';
import { verifiedVoyageCount } from '../trust/queries/get-sailing-log.query';
import { NO_RESPONSES, responsivenessOf } from '../trust/responsiveness';

const isSkipperLike = (user: User) => user.userType === 'skipper' || user.userType === 'both';
const isCrewLike = (user: User) => user.userType === 'crew' || user.userType === 'both';

/** The signed-in user's own profile, and the public view of anyone's. */
@Controller('api')
export class ProfileController {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
  ) {}

  private save(user: User, changes: ProfileChanges): Promise<UserResponse> {
    return this.commands.execute(new UpdateProfile(user.id, changes));
  }

  @Put('users/me')
  @Authenticated()
  async updateMe(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.updateMe.body)) body: UpdateMeRequest): Promise<UserResponse> {
    if (body.user_type !== undefined && body.user_type !== user.userType) {
      throw new ApiError(400, 'ACCOUNT_TYPE_FIXED', 'The account type cannot be changed after registration');
    }
    if (body.email.toLowerCase() !== user.email.toLowerCase()) {
      const taken: unknown[] = await this.dataSource.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [body.email, user.id]);
      if (taken.length > 0) throw new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.');
    }
    const emailChanged = body.email.toLowerCase() !== user.email.toLowerCase();
    return this.save(user, {
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phoneNumber: body.phone_number ? body.phone_number : null,
      // A new address must be verified again.
      ...(emailChanged ? { emailVerified: false } : {}),
    });
  }

  @Get('profile/verification-status')
  @Authenticated()
  async verificationStatus(@CurrentUser() user: User): Promise<VerificationStatus> {
    return trustOf(user, await verifiedVoyageCount(this.dataSource, user.id));
  }

  @Put('profile/update-experience')
  @Authenticated()
  updateExperience(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.updateExperience.body)) body: SailingExperience): Promise<UserResponse> {
    return this.save(user, { sailingExperience: body });
  }

  @Put('profile/update-emergency-contact')
  @Authenticated()
  updateEmergencyContact(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(routes.updateEmergencyContact.body)) body: EmergencyContact,
  ): Promise<UserResponse> {
    return this.save(user, { emergencyContact: body });
  }

  @Put('profile/update-crew-skills')
  @Authenticated()
  updateCrewSkills(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.updateCrewSkills.body)) body: CrewSkills): Promise<UserResponse> {
    if (!isCrewLike(user)) throw new ApiError(403, 'CREW_ONLY', 'Only crew accounts have crew skills');
    return this.save(user, { crewSkills: body });
  }

  @Put('profile/update-crew-expectations')
  @Authenticated()
  updateCrewExpectations(
    @CurrentUser() user: User,
    @Body(new ZodValidationPipe(routes.updateCrewExpectations.body)) body: CrewExpectations,
  ): Promise<UserResponse> {
    if (!isSkipperLike(user)) throw new ApiError(403, 'SKIPPER_ONLY', 'Only skipper accounts set crew expectations');
    return this.save(user, { crewExpectations: body });
  }

  @Get('users/:id/public')
  async publicProfile(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<PublicProfile> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id });
    if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'Member not found');
    const trust = trustOf(user, await verifiedVoyageCount(this.dataSource, user.id));
    const responsiveness = (await responsivenessOf(this.dataSource, [user.id], new Date())).get(user.id) ?? NO_RESPONSES;
    const experience = user.sailingExperience;
    return {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      profile_photo_url: user.profilePhotoUrl,
      user_type: user.userType,
      member_since: user.createdAt.toISOString(),
      verification_level: trust.verification_level,
      verification_points: trust.verification_points,
      sailing_experience: experience
        ? {
            years_sailing: experience.years_sailing,
            sailing_areas: experience.sailing_areas,
            certifications: experience.certifications,
            informal_description: experience.informal_description,
          }
        : null,
      ...responsiveness,
    };
  }
}
