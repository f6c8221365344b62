import { SAVED_SEARCH_LIMIT, SAVED_SEARCHES_MAX, type SavedSearch, type savedSearchRequestSchema } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { loadSavedSearch } from '../queries/get-saved-search.query';
import { matchColumns, matchParams } from '../saved-search-rows';
import { checkTimeZone } from '../time-zones';

export class CreateSavedSearch {
  constructor(
    readonly userId: string,
    readonly body: z.output<typeof savedSearchRequestSchema>,
  ) {}
}

/** Saves the browse filters under a name; at most SAVED_SEARCHES_MAX per member, however many requests race. */
@CommandHandler(CreateSavedSearch)
export class CreateSavedSearchHandler implements ICommandHandler<CreateSavedSearch, SavedSearch> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId, body }: CreateSavedSearch): Promise<SavedSearch> {
    const { dataSource, clock } = this.platform;
    const timeZone = await checkTimeZone(dataSource, body.time_zone ?? 'UTC');
    const id = randomUUID();
    const columns = matchColumns(body.filters, body.bbox);
    await dataSource.transaction(async (manager) => {
      // One member's saves one at a time, so the limit holds under concurrent requests.
      await manager.query('SELECT pg_advisory_xact_lock(7331, hashtext($1))', [userId]);
      const [{ count }] = await manager.query<{ count: string }[]>('SELECT count(*) FROM saved_searches WHERE user_id = $1', [userId]);
      if (Number(count) >= SAVED_SEARCHES_MAX) throw new ApplicationError('conflict', SAVED_SEARCH_LIMIT.code, SAVED_SEARCH_LIMIT.message);
      const now = clock.now();
      await manager.query(
        `INSERT INTO saved_searches (id, user_id, name, filters, bbox, alert, time_zone, area, area_wrap, departure, duration, contribution, status, skipper_id, words, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::box, $9::box, $10::daterange, $11::int4range, $12::int4range, $13, $14, $15::text[], $16, $16)`,
        [id, userId, body.name, JSON.stringify(body.filters), body.bbox ?? null, body.alert, timeZone, ...matchParams(columns), now],
      );
    });
    const saved = await loadSavedSearch(dataSource, userId, id);
    if (!saved) throw new Error(`saved search ${id} was not written`);
    return saved;
  }
}
