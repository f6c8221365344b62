import { Module } from '@nestjs/common';
import { CalendarFeedController } from './calendar-feed.controller';
import { CreateCalendarFeedHandler } from './commands/create-calendar-feed.command';
import { DeleteCalendarFeedHandler } from './commands/delete-calendar-feed.command';
import { GetCalendarFeedStatusHandler } from './queries/get-calendar-feed-status.query';
import { GetCalendarFeedHandler } from './queries/get-calendar-feed.query';
import { GetVoyageCalendarHandler } from './queries/get-voyage-calendar.query';
import { VoyageCalendarController } from './voyage-calendar.controller';

/**
 * Calendars: a voyage's legs as an .ics file and each member's private feed
 * (docs/features/calendar.md). Read at request time from the voyage and
 * application read models; the feed's token hash is member data in a plain
 * table (`calendar_feeds`), gone with the account.
 */
@Module({
  controllers: [VoyageCalendarController, CalendarFeedController],
  providers: [CreateCalendarFeedHandler, DeleteCalendarFeedHandler, GetCalendarFeedStatusHandler, GetCalendarFeedHandler, GetVoyageCalendarHandler],
})
export class CalendarModule {}
