import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../platform/runtime';
import { RUNTIME } from '../../../platform/tokens';

export class RecordMailOpen {
  constructor(readonly token: string) {}
}

/** A campaign mail's tracking image was loaded: the first load sets `opened_at`; a bad token or a failed write is ignored. */
@CommandHandler(RecordMailOpen)
export class RecordMailOpenHandler implements ICommandHandler<RecordMailOpen, void> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ token }: RecordMailOpen): Promise<void> {
    const opened = this.runtime.mailLinks.openedMessage(token);
    if (!opened) return;
    await this.runtime.dataSource
      .query('UPDATE email_messages SET opened_at = now() WHERE campaign_id = $1 AND recipient_id = $2 AND opened_at IS NULL', [opened.campaignId, opened.userId])
      .catch(() => undefined);
  }
}
