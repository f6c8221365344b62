import type { NotificationPreferences, NotificationPreferencesUpdate } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { readNotificationPreferences, saveNotificationSwitches } from '../../../platform/mail/notification-preferences';
import { DATA_SOURCE } from '../../../platform/tokens';

export class UpdateNotificationPreferences {
  constructor(
    readonly userId: string,
    readonly changes: NotificationPreferencesUpdate,
  ) {}
}

/**
 * A member turns kinds of mail on or off; the switches not named keep their
 * state. Saved and read back in one transaction, so the answer is the state
 * this change left, whatever another tab saves at the same moment. Mail
 * already queued follows the new state: the send-email job reads it when it
 * sends.
 */
@CommandHandler(UpdateNotificationPreferences)
export class UpdateNotificationPreferencesHandler implements ICommandHandler<UpdateNotificationPreferences, NotificationPreferences> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ userId, changes }: UpdateNotificationPreferences): Promise<NotificationPreferences> {
    return this.dataSource.transaction(async (manager) => {
      await saveNotificationSwitches(manager, userId, changes);
      return readNotificationPreferences(manager, userId);
    });
  }
}
