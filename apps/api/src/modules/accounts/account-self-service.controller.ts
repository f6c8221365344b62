import { Readable } from 'node:stream';
import { routes, type ChangePasswordRequest, type ChangePasswordResponse, type DeleteAccountRequest, type DeleteAccountResponse } from '@crew/contracts';
import { Body, Controller, Delete, Get, HttpCode, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser, type SignedInMember } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import { ChangePassword } from './commands/change-password.command';
import { DeleteOwnAccount } from './commands/delete-own-account.command';
import { ExportMemberData, type MemberDataExport } from './queries/export-member-data.query';

/** The signed-in member's own account: a new password, a copy of their data, deleting it. */
@Controller('api/users/me')
export class AccountSelfServiceController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Put('password')
  @HttpCode(200)
  @Authenticated()
  changePassword(
    @CurrentUser() user: SignedInMember,
    @Body(new ZodValidationPipe(routes.changePassword.body)) body: ChangePasswordRequest,
    @Req() request: FastifyRequest,
  ): Promise<ChangePasswordResponse> {
    return this.commands.execute(new ChangePassword(user.id, body, request.ip));
  }

  @Delete()
  @HttpCode(200)
  @Authenticated()
  deleteAccount(
    @CurrentUser() user: SignedInMember,
    @Body(new ZodValidationPipe(routes.deleteAccount.body)) body: DeleteAccountRequest,
    @Req() request: FastifyRequest,
  ): Promise<DeleteAccountResponse> {
    return this.commands.execute(new DeleteOwnAccount(user.id, body, request.ip, commandMetadataOf(user, request)));
  }

  /** The document is streamed as it is read (see ExportMemberData), as a file to save. */
  @Get('export')
  @Authenticated()
  async exportMyData(@CurrentUser() user: SignedInMember, @Res() reply: FastifyReply): Promise<void> {
    const exported = await this.queries.execute<ExportMemberData, MemberDataExport>(new ExportMemberData(user.id));
    void reply
      .header('content-disposition', `attachment; filename="${exported.filename}"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(Readable.from(exported.chunks));
  }
}
