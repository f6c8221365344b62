import { SAVED_SEARCH_NOT_FOUND, type SavedSearch } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';
import { loadSavedSearch } from '../queries/get-saved-search.query';

export class OpenSavedSearch {
  constructor(
    readonly userId: string,
    readonly searchId: string,
  ) {}
}

/** The member opens a saved search in browse: its count of new voyages starts again from now. */
@CommandHandler(OpenSavedSearch)
export class OpenSavedSearchHandler implements ICommandHandler<OpenSavedSearch, SavedSearch> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId, searchId }: OpenSavedSearch): Promise<SavedSearch> {
    const { dataSource, clock } = this.platform;
    await dataSource.query('UPDATE saved_searches SET last_opened_at = $3 WHERE id = $1 AND user_id = $2', [searchId, userId, clock.now()]);
    const saved = await loadSavedSearch(dataSource, userId, searchId);
    if (!saved) throw new ApplicationError('not_found', SAVED_SEARCH_NOT_FOUND.code, SAVED_SEARCH_NOT_FOUND.message);
    return saved;
  }
}
