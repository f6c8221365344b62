import { SAVED_SEARCH_NOT_FOUND, type SavedSearch } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { SAVED_SEARCH_SELECT, toSavedSearch, type SavedSearchRow } from '../saved-search-rows';

/** One of the member's saved searches, or null (someone else's is as absent as one that never was). */
export async function loadSavedSearch(dataSource: DataSource, userId: string, searchId: string): Promise<SavedSearch | null> {
  const [row] = await dataSource.query<SavedSearchRow[]>(`SELECT ${SAVED_SEARCH_SELECT} FROM saved_searches s WHERE s.id = $1 AND s.user_id = $2`, [searchId, userId]);
  return row ? toSavedSearch(row) : null;
}

export class GetSavedSearch {
  constructor(
    readonly userId: string,
    readonly searchId: string,
  ) {}
}

@QueryHandler(GetSavedSearch)
export class GetSavedSearchHandler implements IQueryHandler<GetSavedSearch, SavedSearch> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, searchId }: GetSavedSearch): Promise<SavedSearch> {
    const saved = await loadSavedSearch(this.dataSource, userId, searchId);
    if (!saved) throw new ApplicationError('not_found', SAVED_SEARCH_NOT_FOUND.code, SAVED_SEARCH_NOT_FOUND.message);
    return saved;
  }
}
