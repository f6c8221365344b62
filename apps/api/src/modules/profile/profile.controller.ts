import {
  isLocaleChange,
  localeChangeRequestSchema,
  routes,
  updateMeRequestSchema,
  type ChangeAccountTypeRequest,
  type ConfirmPhoneCodeRequest,
  type CrewExpectations,
  type CrewSkills,
  type EmergencyContact,
  type PhoneCodeSent,
  type PhoneVerified,
  type PhotoResponse,
  type PublicProfile,
  type SailingExperience,
  type UpdateMeBody,
  type UserResponse,
  type VerificationStatus,
} from '@crew/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Req, type PipeTransform } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { ApiError } from '../../platform/http/api-error';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { readPhoto } from '../../platform/uploads/read-photo';
import { CancelEmailChange } from '../accounts/commands/cancel-email-change.command';
import { SwitchAccountToBoth } from '../accounts/commands/switch-account-to-both.command';
import type { User } from '../accounts/user.entity';
import { toUserResponse } from '../accounts/user.mapper';
import { ConfirmPhoneCode } from './commands/confirm-phone-code.command';
import { SendPhoneCode } from './commands/send-phone-code.command';
import { SetProfilePhoto } from './commands/set-profile-photo.command';
import { UpdateAccountDetails } from './commands/update-account-details.command';
import { UpdateProfile, type ProfileChanges } from './commands/update-profile.command';
import { GetPublicProfile } from './queries/get-public-profile.query';
import { GetVerificationStatus } from './queries/get-verification-status.query';

/** PUT /api/users/me: the language alone (the language switcher) or the account form, each checked by its own schema so a refusal names its fields. */
const updateMeBody: PipeTransform<unknown, UpdateMeBody> = {
  transform: (value) => (isLocaleChange(value) ? localeChangeRequestSchema : updateMeRequestSchema).parse(value ?? {}),
};

const isSkipperLike = (user: User) => user.userType === 'skipper' || user.userType === 'both';
const isCrewLike = (user: User) => user.userType === 'crew' || user.userType === 'both';

/** The signed-in user's own profile, and the public view of anyone's. */
@Controller('api')
export class ProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  private save(user: User, changes: ProfileChanges): Promise<UserResponse> {
    return this.commands.execute(new UpdateProfile(user.id, changes));
  }

  /** The signed-in member's account as GET /api/auth/me gives it, their saved language included. */
  @Get('users/me')
  @Authenticated()
  me(@CurrentUser() user: User): UserResponse {
    return toUserResponse(user);
  }

  @Put('users/me')
  @Authenticated()
  updateMe(@CurrentUser() user: User, @Body(updateMeBody) body: UpdateMeBody, @Req() request: FastifyRequest): Promise<UserResponse> {
    if (!('email' in body)) return this.save(user, { locale: body.locale });
    return this.commands.execute(new UpdateAccountDetails(user.id, body, request.ip));
  }

  /** Skipper or crew to Skipper & Crew, the one change of account type (see SwitchAccountToBoth). */
  @Post('users/me/account-type')
  @HttpCode(200)
  @Authenticated()
  changeAccountType(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.changeAccountType.body)) _body: ChangeAccountTypeRequest): Promise<UserResponse> {
    return this.commands.execute(new SwitchAccountToBoth(user.id));
  }

  @Delete('users/me/pending-email')
  @Authenticated()
  cancelEmailChange(@CurrentUser() user: User): Promise<UserResponse> {
    return this.commands.execute(new CancelEmailChange(user.id));
  }

  @Get('profile/verification-status')
  @Authenticated()
  verificationStatus(@CurrentUser() user: User): Promise<VerificationStatus> {
    return this.queries.execute(new GetVerificationStatus(user.id));
  }

  /** A code by text message to the profile's phone number (see SendPhoneCode). */
  @Post('profile/phone/verification')
  @HttpCode(200)
  @Authenticated()
  sendPhoneCode(@CurrentUser() user: User): Promise<PhoneCodeSent> {
    return this.commands.execute(new SendPhoneCode(user.id));
  }

  @Post('profile/phone/verification/confirm')
  @HttpCode(200)
  @Authenticated()
  confirmPhoneCode(@CurrentUser() user: User, @Body(new ZodValidationPipe(routes.confirmPhoneCode.body)) body: ConfirmPhoneCodeRequest): Promise<PhoneVerified> {
    return this.commands.execute(new ConfirmPhoneCode(user.id, body.code));
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

  @Post('profile/upload-photo')
  @Authenticated()
  async uploadProfilePhoto(@CurrentUser() user: User, @Req() request: FastifyRequest): Promise<PhotoResponse> {
    return this.commands.execute(new SetProfilePhoto(user.id, await readPhoto(request)));
  }

  @Get('users/:id/public')
  publicProfile(@Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<PublicProfile> {
    return this.queries.execute(new GetPublicProfile(id));
  }
}
