import type { CalendarFeedStatus } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetCalendarFeedStatus {
  constructor(readonly userId: string) {}
}

/** Whether the member's feed is on, and since when; its address cannot be told again (only its hash is kept). */
@QueryHandler(GetCalendarFeedStatus)
export class GetCalendarFeedStatusHandler implements IQueryHandler<GetCalendarFeedStatus, CalendarFeedStatus> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetCalendarFeedStatus): Promise<CalendarFeedStatus> {
    const [row] = await this.dataSource.query<{ created_at: Date }[]>('SELECT created_at FROM calendar_feeds WHERE user_id = $1', [userId]);
    return row ? { active: true, created_at: new Date(row.created_at).toISOString() } : { active: false, created_at: null };
  }
}
