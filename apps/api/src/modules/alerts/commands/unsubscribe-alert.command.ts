import { INVALID_ALERT_LINK } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';

export class UnsubscribeAlert {
  constructor(
    readonly searchId: string,
    readonly token: string,
  ) {}
}

/** The signed link of an alert mail turns that search's alert off, without a session; the search itself stays. */
@CommandHandler(UnsubscribeAlert)
export class UnsubscribeAlertHandler implements ICommandHandler<UnsubscribeAlert, { message: string }> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ searchId, token }: UnsubscribeAlert): Promise<{ message: string }> {
    if (!this.platform.mailLinks.verifyAlertToken(searchId, token)) throw new ApplicationError('forbidden', INVALID_ALERT_LINK.code, INVALID_ALERT_LINK.message);
    const changed = await this.platform.dataSource.query<unknown[]>(
      `WITH changed AS (UPDATE saved_searches SET alert = 'off', updated_at = $2 WHERE id = $1 RETURNING id) SELECT id FROM changed`,
      [searchId, this.platform.clock.now()],
    );
    if (changed.length === 0) return { message: 'This saved search no longer exists: it sends no more alerts.' };
    return { message: 'Alerts for this saved search are off. Your other saved searches and alerts are unchanged.' };
  }
}
