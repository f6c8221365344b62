import {
  routes,
  type AdminUser,
  type AdminHistoryResponse,
  type AdminSendEmailRequest,
  type AdminSendEmailResponse,
  type AdminUserActionResponse,
  type AdminUserListResponse,
  type DeleteUserResponse,
  IDENTITY_VERIFICATION_MESSAGES,
  type IdentityVerificationRequest,
  type ProfileStatusRequest,
  type ReinstateUserRequest,
  type SubscriptionActionRequest,
  type SuspendUserRequest,
} from '@crew/contracts';
import { isUuid, type LogPosition } from '@crew/domain';
import { sharedText } from '@crew/rules';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { AdminOnly, CurrentUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { ProjectionProgress } from '../../platform/projections/projection-progress';
import { PROJECTION_PROGRESS } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { awaitAdminWrite, userNotFound } from './admin-audit-log';
import { GetAdminUser } from './queries/get-admin-user.query';
import { ChangeSubscription } from './commands/change-subscription.command';
import { DeleteUser, type DeleteUserResult } from './commands/delete-user.command';
import { SendAdminEmail, type SendAdminEmailResult } from './commands/send-admin-email.command';
import { SetIdentityVerification } from './commands/set-identity-verification.command';
import { SetProfileStatus } from './commands/set-profile-status.command';
import { ReinstateUser, SuspendUser } from './commands/suspend-user.command';
import { GetAdminHistory } from './queries/get-admin-history.query';
import { ListAdminUsers, type AdminUserFilters } from './queries/list-admin-users.query';

/** The detail modal reads the audit trail after an action. */
const AUDIT_READ_MODELS = ['admin-audit'] as const;
/** Granting or revoking premium shows in the subscription read model and the audit trail. */
const SUBSCRIPTION_READ_MODELS = ['subscriptions', 'admin-audit'] as const;
/** A suspension shows in the audit trail and takes the member's voyages out of browse (or brings them back). */
const SUSPENSION_READ_MODELS = ['admin-audit', 'voyage-summaries'] as const;

const userId = (id: string): string => {
  if (!isUuid(id)) throw userNotFound();
  return id;
};

/** User Management: the list, the actions and each user's administrator history. */
@Controller('api/admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  @Get()
  list(@Query(new ZodValidationPipe(routes.adminListUsers.query)) query: AdminUserFilters): Promise<AdminUserListResponse> {
    return this.queries.execute(new ListAdminUsers(query));
  }

  @Get(':id/history')
  history(@Param('id') id: string): Promise<AdminHistoryResponse> {
    return this.queries.execute(new GetAdminHistory('user', userId(id)));
  }

  @Post(':id/subscription')
  @HttpCode(200)
  async subscription(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminUserSubscription.body)) body: SubscriptionActionRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminUserActionResponse> {
    const written = await this.commands.execute(new ChangeSubscription(userId(id), body.action, body.reason ?? '', commandMetadataOf(admin, request)));
    return this.answer(written, id, body.action === 'grant' ? 'Premium access granted' : 'Premium access revoked', SUBSCRIPTION_READ_MODELS);
  }

  @Put(':id/profile-status')
  async profileStatus(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminProfileStatus.body)) body: ProfileStatusRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminUserActionResponse> {
    const written = await this.commands.execute(new SetProfileStatus(userId(id), body.profile_complete, body.reason ?? '', commandMetadataOf(admin, request)));
    return this.answer(written, id, body.profile_complete ? 'Profile marked as complete' : 'Profile marked as incomplete');
  }

  @Post(':id/identity-verification')
  @HttpCode(200)
  async verifyIdentity(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminVerifyIdentity.body)) body: IdentityVerificationRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminUserActionResponse> {
    const written = await this.commands.execute(new SetIdentityVerification(userId(id), true, body.note, commandMetadataOf(admin, request)));
    return this.answer(written, id, IDENTITY_VERIFICATION_MESSAGES.verified);
  }

  @Delete(':id/identity-verification')
  async revokeIdentity(@Param('id') id: string, @CurrentUser() admin: User, @Req() request: FastifyRequest): Promise<AdminUserActionResponse> {
    const written = await this.commands.execute(new SetIdentityVerification(userId(id), false, '', commandMetadataOf(admin, request)));
    return this.answer(written, id, IDENTITY_VERIFICATION_MESSAGES.revoked);
  }

  @Post(':id/send-email')
  @HttpCode(200)
  async sendEmail(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminSendEmail.body)) body: AdminSendEmailRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminSendEmailResponse> {
    const result: SendAdminEmailResult = await this.commands.execute(new SendAdminEmail(userId(id), body, commandMetadataOf(admin, request)));
    await awaitAdminWrite(this.progress, result, AUDIT_READ_MODELS);
    return { message: sharedText('Email sent to {recipient}', { recipient: result.recipient }), recipient: result.recipient };
  }

  @Post(':id/suspend')
  @HttpCode(200)
  async suspend(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminSuspendUser.body)) body: SuspendUserRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminUserActionResponse> {
    const written = await this.commands.execute(new SuspendUser(userId(id), body.reason, commandMetadataOf(admin, request)));
    return this.answer(written, id, 'Account suspended: signed out everywhere, their voyages are out of browse, and they have been emailed the reason', SUSPENSION_READ_MODELS);
  }

  @Post(':id/reinstate')
  @HttpCode(200)
  async reinstate(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(routes.adminReinstateUser.body)) body: ReinstateUserRequest,
    @CurrentUser() admin: User,
    @Req() request: FastifyRequest,
  ): Promise<AdminUserActionResponse> {
    const written = await this.commands.execute(new ReinstateUser(userId(id), body.reason ?? '', commandMetadataOf(admin, request)));
    return this.answer(written, id, 'Account reinstated: they can sign in again, their voyages are back in browse, and they have been emailed', SUSPENSION_READ_MODELS);
  }

  @Delete(':id')
  async remove(@Param('id') id: string, @CurrentUser() admin: User, @Req() request: FastifyRequest): Promise<DeleteUserResponse> {
    const result: DeleteUserResult = await this.commands.execute(new DeleteUser(userId(id), commandMetadataOf(admin, request)));
    // Browse and the applications lists no longer show their voyages once this answers.
    await awaitAdminWrite(this.progress, result, [...AUDIT_READ_MODELS, 'voyage-summaries', 'applications']);
    const { applications, voyages, boats } = result.deleted;
    return {
      message: sharedText(
        'User deleted. Removed {applications, plural, other {{applications} application(s)}}, {voyages, plural, other {{voyages} voyage(s)}} and {boats, plural, other {{boats} boat(s)}}.',
        { applications, voyages, boats },
      ),
      deleted_records: result.deleted,
    };
  }

  /** Waits until the audit trail shows the action, then answers with the user as they now are. */
  private async answer(
    written: { position: LogPosition | null; streamId: string },
    id: string,
    message: string,
    readModels: readonly string[] = AUDIT_READ_MODELS,
  ): Promise<AdminUserActionResponse> {
    await awaitAdminWrite(this.progress, written, readModels);
    return { message, user: await this.queries.execute<GetAdminUser, AdminUser>(new GetAdminUser(id)) };
  }
}
