import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';

export class RecordMailOpen {
  constructor(readonly token: string) {}
}

/** A campaign mail's tracking image was loaded: the first load sets `opened_at`; a bad token or a failed write is ignored. */
@CommandHandler(RecordMailOpen)
export class RecordMailOpenHandler implements ICommandHandler<RecordMailOpen, void> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ token }: RecordMailOpen): Promise<void> {
    const opened = this.platform.mailLinks.openedMessage(token);
    if (!opened) return;
    await this.platform.dataSource
      .query('UPDATE email_messages SET opened_at = now() WHERE campaign_id = $1 AND recipient_id = $2 AND opened_at IS NULL', [opened.campaignId, opened.userId])
      .catch(() => undefined);
  }
}
