import type { MailPreferences } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { notificationIsOn } from '../../../platform/mail/notification-preferences';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetMailPreferences {
  constructor(readonly userId: string) {}
}

/** Whether a member takes campaign mail (yes until they say otherwise): their `news` switch. */
@QueryHandler(GetMailPreferences)
export class GetMailPreferencesHandler implements IQueryHandler<GetMailPreferences, MailPreferences> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetMailPreferences): Promise<MailPreferences> {
    return { marketing: await notificationIsOn(this.dataSource, userId, 'news') };
  }
}
