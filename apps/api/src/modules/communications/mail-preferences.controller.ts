import { INVALID_UNSUBSCRIBE_LINK, routes, type MailPreferences, type UnsubscribeOneClickQuery, type UnsubscribeRequest } from '@crew/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { LinkValidationPipe, ZodValidationPipe } from '../../platform/http/zod-validation.pipe';
import type { User } from '../accounts/user.entity';
import { RecordMailOpen } from './commands/record-mail-open.command';
import { Unsubscribe } from './commands/unsubscribe.command';
import { UpdateMailPreferences } from './commands/update-mail-preferences.command';
import { GetMailPreferences } from './queries/get-mail-preferences.query';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Unsubscribe links, open tracking and the signed-in user's mail preferences. */
@Controller('api')
export class MailPreferencesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('mail/unsubscribe')
  @HttpCode(200)
  async unsubscribe(
    @Body(new LinkValidationPipe(routes.unsubscribe.body, INVALID_UNSUBSCRIBE_LINK.code, INVALID_UNSUBSCRIBE_LINK.message)) body: UnsubscribeRequest,
  ): Promise<{ message: string }> {
    await this.commands.execute(new Unsubscribe(body.user, body.token));
    return { message: 'You are unsubscribed: Crew Finder will send you no more campaign mail. Mail about your account and voyages still arrives.' };
  }

  /**
   * RFC 8058 one-click unsubscribe: a mail client posts `List-Unsubscribe=One-Click`
   * (form-encoded or multipart) to the URL of the List-Unsubscribe header. No
   * session: the user and the signed token are in the URL. Only POST unsubscribes,
   * so a link scanner that follows URLs changes nothing.
   */
  @Post('mail/unsubscribe/one-click')
  @HttpCode(200)
  async unsubscribeOneClick(
    @Query(new LinkValidationPipe(routes.unsubscribeOneClick.query, INVALID_UNSUBSCRIBE_LINK.code, INVALID_UNSUBSCRIBE_LINK.message)) query: UnsubscribeOneClickQuery,
  ): Promise<{ message: string }> {
    await this.commands.execute(new Unsubscribe(query.user, query.token));
    return { message: 'You are unsubscribed from Crew Finder campaign mail.' };
  }

  /** The tracking image of a campaign mail: records the first open, always answers the image. */
  @Get('mail/open/:token')
  async open(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await this.commands.execute(new RecordMailOpen(token));
    void reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
  }

  @Get('users/me/mail-preferences')
  @Authenticated()
  preferences(@CurrentUser() user: User): Promise<MailPreferences> {
    return this.queries.execute(new GetMailPreferences(user.id));
  }

  @Put('users/me/mail-preferences')
  @Authenticated()
  updatePreferences(@Body(new ZodValidationPipe(routes.updateMailPreferences.body)) body: MailPreferences, @CurrentUser() user: User): Promise<MailPreferences> {
    return this.commands.execute(new UpdateMailPreferences(user.id, body));
  }
}
