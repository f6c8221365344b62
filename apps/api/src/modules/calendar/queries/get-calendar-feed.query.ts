import { CALENDAR_FEED_NOT_FOUND } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import { mailI18n, mailLocale } from '../../../platform/mail/mail-i18n';
import { localizedUrl } from '../../../platform/mail/mail-links';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { readFeedVoyages } from '../calendar-read-model';
import { feedTokenHash, feedTokenOf } from '../feed-token';
import { buildFeedCalendar } from '../ics/voyage-ics';

export class GetCalendarFeed {
  /** `fileName`: the last segment of the feed's address, `<token>.ics`. */
  constructor(readonly fileName: string) {}
}

const feedNotFound = (): ApplicationError => new ApplicationError('not_found', CALENDAR_FEED_NOT_FOUND.code, CALENDAR_FEED_NOT_FOUND.message);

/**
 * A member's feed by its secret address, computed when it is asked for from
 * the read models (so a changed date, an accepted, withdrawn or expired
 * application shows at the next refresh), in the member's language. An
 * address that is not a token, or no longer one (replaced or turned off),
 * is 404.
 */
@QueryHandler(GetCalendarFeed)
export class GetCalendarFeedHandler implements IQueryHandler<GetCalendarFeed, string> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ fileName }: GetCalendarFeed): Promise<string> {
    const { dataSource, baseUrl } = this.platform;
    const token = feedTokenOf(fileName);
    if (!token) throw feedNotFound();
    const [owner] = await dataSource.query<{ user_id: string; locale: string | null }[]>(
      'SELECT f.user_id, u.locale FROM calendar_feeds f JOIN users u ON u.id = f.user_id WHERE f.token_hash = $1',
      [feedTokenHash(token)],
    );
    if (!owner) throw feedNotFound();
    const locale = mailLocale(owner.locale);
    const voyages = await readFeedVoyages(dataSource, owner.user_id);
    return buildFeedCalendar(voyages, { i18n: mailI18n(locale), voyageUrl: (id) => localizedUrl(`${baseUrl}/voyages/${id}`, baseUrl, locale) });
  }
}
