import { INVALID_UNSUBSCRIBE_LINK } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import { saveNotificationSwitches } from '../../../platform/mail/notification-preferences';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';

export class Unsubscribe {
  constructor(
    readonly userId: string,
    readonly token: string,
  ) {}
}

/**
 * The unsubscribe link of a campaign mail (no session: the token is the
 * HMAC of the user id): campaign mail stops, transactional mail does not.
 * A wrong token is 403 `INVALID_UNSUBSCRIBE_LINK`; an erased account has
 * nothing left to unsubscribe, and the answer is the same.
 */
@CommandHandler(Unsubscribe)
export class UnsubscribeHandler implements ICommandHandler<Unsubscribe, void> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId, token }: Unsubscribe): Promise<void> {
    if (!this.platform.mailLinks.verifyUnsubscribe(userId, token)) {
      throw new ApplicationError('forbidden', INVALID_UNSUBSCRIBE_LINK.code, INVALID_UNSUBSCRIBE_LINK.message);
    }
    // The `news` switch of the member's notification preferences, the one the profile shows.
    await saveNotificationSwitches(this.platform.dataSource, userId, { news: false });
  }
}
