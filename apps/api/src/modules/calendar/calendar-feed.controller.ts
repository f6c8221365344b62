import type { CalendarFeed, CalendarFeedStatus } from '@crew/contracts';
import { Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import type { User } from '../accounts/user.entity';
import { CreateCalendarFeed } from './commands/create-calendar-feed.command';
import { DeleteCalendarFeed } from './commands/delete-calendar-feed.command';
import { GetCalendarFeed } from './queries/get-calendar-feed.query';
import { GetCalendarFeedStatus } from './queries/get-calendar-feed-status.query';
import { CALENDAR_CONTENT_TYPE } from './voyage-calendar.controller';

/** A member's private calendar feed: made, replaced and turned off when signed in; read by calendar apps by its secret address. */
@Controller('api')
export class CalendarFeedController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('users/me/calendar-feed')
  @Authenticated()
  status(@CurrentUser() user: User): Promise<CalendarFeedStatus> {
    return this.queries.execute(new GetCalendarFeedStatus(user.id));
  }

  @Post('users/me/calendar-feed')
  @Authenticated()
  create(@CurrentUser() user: User): Promise<CalendarFeed> {
    return this.commands.execute(new CreateCalendarFeed(user.id));
  }

  @Delete('users/me/calendar-feed')
  @Authenticated()
  remove(@CurrentUser() user: User): Promise<CalendarFeedStatus> {
    return this.commands.execute(new DeleteCalendarFeed(user.id));
  }

  /** The feed itself: `<token>.ics` (the token alone is the key, so it is never cached anywhere). */
  @Get('calendar-feeds/:file')
  async feed(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const ics: string = await this.queries.execute(new GetCalendarFeed(file));
    void reply.header('content-type', CALENDAR_CONTENT_TYPE).header('cache-control', 'private, no-store');
    return ics;
  }
}
