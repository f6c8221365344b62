import type { CalendarFeedStatus } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class DeleteCalendarFeed {
  constructor(readonly userId: string) {}
}

/** Turns the member's feed off: its address answers 404 from now on. Turning off a feed that is off changes nothing. */
@CommandHandler(DeleteCalendarFeed)
export class DeleteCalendarFeedHandler implements ICommandHandler<DeleteCalendarFeed, CalendarFeedStatus> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: DeleteCalendarFeed): Promise<CalendarFeedStatus> {
    await this.dataSource.query('DELETE FROM calendar_feeds WHERE user_id = $1', [userId]);
    return { active: false, created_at: null };
  }
}
