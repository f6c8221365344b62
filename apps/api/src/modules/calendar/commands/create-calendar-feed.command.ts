import type { CalendarFeed } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { feedTokenHash, feedUrls, newFeedToken } from '../feed-token';

export class CreateCalendarFeed {
  constructor(readonly userId: string) {}
}

/**
 * Makes the member's feed address: a new random token whose hash replaces
 * any earlier one in the same statement, so the old address stops working
 * the moment the new one exists. The token is answered once and kept nowhere.
 */
@CommandHandler(CreateCalendarFeed)
export class CreateCalendarFeedHandler implements ICommandHandler<CreateCalendarFeed, CalendarFeed> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId }: CreateCalendarFeed): Promise<CalendarFeed> {
    const token = newFeedToken();
    const now = this.platform.clock.now();
    await this.platform.dataSource.query(
      `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at`,
      [userId, feedTokenHash(token), now],
    );
    return { ...feedUrls(this.platform.baseUrl, token), created_at: now.toISOString() };
  }
}
