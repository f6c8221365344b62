import type { MailPreferences } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { saveNotificationSwitches } from '../../../platform/mail/notification-preferences';
import { DATA_SOURCE } from '../../../platform/tokens';

export class UpdateMailPreferences {
  constructor(
    readonly userId: string,
    readonly preferences: MailPreferences,
  ) {}
}

/** A member turns campaign mail on or off: the `news` switch of their notification preferences, under its older name. */
@CommandHandler(UpdateMailPreferences)
export class UpdateMailPreferencesHandler implements ICommandHandler<UpdateMailPreferences, MailPreferences> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, preferences }: UpdateMailPreferences): Promise<MailPreferences> {
    await saveNotificationSwitches(this.dataSource, userId, { news: preferences.marketing });
    return { marketing: preferences.marketing };
  }
}
