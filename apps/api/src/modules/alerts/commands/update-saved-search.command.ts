import { SAVED_SEARCH_NOT_FOUND, type SavedSearch, type SavedSearchFilters, type savedSearchUpdateSchema } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { loadSavedSearch } from '../queries/get-saved-search.query';
import { matchColumns, matchParams } from '../saved-search-rows';
import { checkTimeZone } from '../time-zones';

export class UpdateSavedSearch {
  constructor(
    readonly userId: string,
    readonly searchId: string,
    readonly changes: z.output<typeof savedSearchUpdateSchema>,
  ) {}
}

/** Renames a saved search or changes its filters, map view, alert or time zone; the match columns follow the filters. */
@CommandHandler(UpdateSavedSearch)
export class UpdateSavedSearchHandler implements ICommandHandler<UpdateSavedSearch, SavedSearch> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId, searchId, changes }: UpdateSavedSearch): Promise<SavedSearch> {
    const { dataSource, clock } = this.platform;
    const current = await loadSavedSearch(dataSource, userId, searchId);
    if (!current) throw new ApplicationError('not_found', SAVED_SEARCH_NOT_FOUND.code, SAVED_SEARCH_NOT_FOUND.message);
    const filters: SavedSearchFilters = changes.filters ?? current.filters;
    const bbox = changes.bbox === undefined ? current.bbox : changes.bbox;
    const timeZone = changes.time_zone ? await checkTimeZone(dataSource, changes.time_zone) : current.time_zone;
    const columns = matchColumns(filters, bbox);
    const updated = await dataSource.query<unknown[]>(
      `WITH changed AS (UPDATE saved_searches SET name = $3, filters = $4, bbox = $5, alert = $6, time_zone = $7, area = $8::box, area_wrap = $9::box, departure = $10::daterange,
              duration = $11::int4range, contribution = $12::int4range, status = $13, skipper_id = $14, words = $15::text[], updated_at = $16
        WHERE id = $1 AND user_id = $2 RETURNING id) SELECT id FROM changed`,
      [searchId, userId, changes.name ?? current.name, JSON.stringify(filters), bbox ?? null, changes.alert ?? current.alert, timeZone, ...matchParams(columns), clock.now()],
    );
    const saved = updated.length > 0 ? await loadSavedSearch(dataSource, userId, searchId) : null;
    if (!saved) throw new ApplicationError('not_found', SAVED_SEARCH_NOT_FOUND.code, SAVED_SEARCH_NOT_FOUND.message);
    return saved;
  }
}
