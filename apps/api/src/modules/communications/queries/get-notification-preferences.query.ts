import type { NotificationPreferences } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { readNotificationPreferences } from '../../../platform/mail/notification-preferences';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetNotificationPreferences {
  constructor(readonly userId: string) {}
}

/** A member's switch per kind of mail (all on until they turn one off), and the kinds that are always sent. */
@QueryHandler(GetNotificationPreferences)
export class GetNotificationPreferencesHandler implements IQueryHandler<GetNotificationPreferences, NotificationPreferences> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ userId }: GetNotificationPreferences): Promise<NotificationPreferences> {
    return readNotificationPreferences(this.dataSource, userId);
  }
}
