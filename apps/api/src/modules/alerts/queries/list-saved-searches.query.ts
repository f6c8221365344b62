import { SAVED_SEARCHES_MAX, type SavedSearchList } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { SAVED_SEARCH_SELECT, toSavedSearch, type SavedSearchRow } from '../saved-search-rows';

export class ListSavedSearches {
  constructor(readonly userId: string) {}
}

/** The member's saved searches, oldest first, each with its count of new matching voyages. */
@QueryHandler(ListSavedSearches)
export class ListSavedSearchesHandler implements IQueryHandler<ListSavedSearches, SavedSearchList> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: ListSavedSearches): Promise<SavedSearchList> {
    const rows = await this.dataSource.query<SavedSearchRow[]>(`SELECT ${SAVED_SEARCH_SELECT} FROM saved_searches s WHERE s.user_id = $1 ORDER BY s.created_at, s.id`, [userId]);
    return { saved_searches: rows.map(toSavedSearch), limit: SAVED_SEARCHES_MAX };
  }
}
