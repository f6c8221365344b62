import {
  routes,
  type ChangeAccountTypeRequest,
  type CrewExpectations,
  type CrewSkills,
  type EmergencyContact,
  type PublicProfile,
  type SailingExperience,
  type UpdateMeRequest,
  type UserResponse,
  type VerificationStatus,
} from '@crew/contracts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import type { DataSource } from 'typeorm';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { DATA_SOURCE } from '../../platform/tokens';
import { ACCOUNTS_DEPS, type AccountsDeps } from '../accounts/accounts-deps';
import { cancelEmailChange, requestEmailChange } from '../accounts/commands/email-change.commands';
import { switchAccountToBoth } from '../accounts/commands/switch-account-type.command';
import { User } from '../accounts/user.entity';
import { toUserResponse } from '../accounts/user.mapper';
import { UpdateProfile, type ProfileChanges } from './commands/update-profile.command';
import { memberTrustOf, trustSummaryOf, verificationStatusOf } from '../member-standing/member-trust';
import { NO_RESPONSES, responsivenessOf } from '../member-standing/responsiveness';

const isSkipperLike = (user: User) => user.userType === 'skipper' || user.userType === 'both';
const isCrewLike = (user: User) => user.userType === 'crew' || user.userType === 'both';

/** The signed-in user's own profile, and the public view of anyone's. */
@Controller('api')
export class ProfileController {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly commands: CommandBus,
    @Inject(ACCOUNTS_DEPS) private readonly accounts: AccountsDeps,
  ) {}

  private save(user: User, changes: ProfileChanges): Promise<UserResponse> {
    return this.commands.execute(new UpdateProfile(user.id, changes));
  }

  @Put('users/me')
  @Authenticated()
  async updateMe(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.updateMe.body)) body: UpdateMeRequest, @Req() request: FastifyRequest): Promise<UserResponse> {
    if (body.user_type !== undefined && body.user_type !== user.userType) {
      throw new ApiError(400, 'ACCOUNT_TYPE_FIXED', 'The account type is not changed here: an account can only be switched to Skipper & Crew, on its own');
    }
    // A new sign-in address needs the password and waits for the link mailed to it (see email-change.commands).
    // The same address in another case is no change of mailbox and is saved as it is.
    const emailChanged = body.email.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged) await requestEmailChange(this.accounts, user, body.email, body.current_password, request.ip);
    return this.save(user, {
      firstName: body.first_name,
      lastName: body.last_name,
      ...(emailChanged ? {} : { email: body.email }),
      phoneNumber: body.phone_number ? body.phone_number : null,
    });
  }

  /** Skipper or crew to Skipper & Crew, the one change of account type (see switchAccountToBoth). */
  @Post('users/me/account-type')
  @HttpCode(200)
  @Authenticated()
  changeAccountType(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.changeAccountType.body)) _body: ChangeAccountTypeRequest): Promise<UserResponse> {
    return switchAccountToBoth(this.dataSource, user.id);
  }

  @Delete('users/me/pending-email')
  @Authenticated()
  async cancelEmailChange(@CurrentUser() user: User): Promise<UserResponse> {
    await cancelEmailChange(this.accounts, user.id);
    return toUserResponse(await this.dataSource.getRepository(User).findOneByOrFail({ id: user.id }));
  }

  @Get('profile/verification-status')
  @Authenticated()
  async verificationStatus(@CurrentUser() user: User): Promise<VerificationStatus> {
    const result = (await memberTrustOf(this.dataSource, [user.id])).get(user.id);
    if (!result) throw new ApiError(404, 'USER_NOT_FOUND', 'Member not found');
    return verificationStatusOf(result);
  }

  @Put('profile/update-experience')
  @Authenticated()
  updateExperience(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.updateExperience.body)) body: SailingExperience): Promise<UserResponse> {
    return this.save(user, { sailingExperience: body });
  }

  @Put('profile/update-emergency-contact')
  @Authenticated()
  updateEmergencyContact(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.updateEmergencyContact.body)) body: EmergencyContact): Promise<UserResponse> {
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
  updateCrewExpectations(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.updateCrewExpectations.body)) body: CrewExpectations): Promise<UserResponse> {
    if (!isSkipperLike(user)) throw new ApiError(403, 'SKIPPER_ONLY', 'Only skipper accounts set crew expectations');
    return this.save(user, { crewExpectations: body });
  }

  @Get('users/:id/public')
  async publicProfile(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<PublicProfile> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id });
    if (!user) throw new ApiError(404, 'USER_NOT_FOUND', 'Member not found');
    const result = (await memberTrustOf(this.dataSource, [user.id])).get(user.id);
    if (!result) throw new ApiError(404, 'USER_NOT_FOUND', 'Member not found');
    const trust = trustSummaryOf(result.trust);
    const responsiveness = (await responsivenessOf(this.dataSource, [user.id], new Date())).get(user.id) ?? NO_RESPONSES;
    const experience = user.sailingExperience;
    return {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      profile_photo_url: user.profilePhotoUrl,
      user_type: user.userType,
      member_since: user.createdAt.toISOString(),
      verification_level: trust.level,
      verification_points: trust.points,
      trust,
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
