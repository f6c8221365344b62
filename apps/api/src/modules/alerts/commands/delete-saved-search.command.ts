import { SAVED_SEARCH_NOT_FOUND } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';

export class DeleteSavedSearch {
  constructor(
    readonly userId: string,
    readonly searchId: string,
  ) {}
}

/** Deletes a saved search with its matches and digests: a mail still queued for it is skipped when its turn comes. */
@CommandHandler(DeleteSavedSearch)
export class DeleteSavedSearchHandler implements ICommandHandler<DeleteSavedSearch, { message: string }> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, searchId }: DeleteSavedSearch): Promise<{ message: string }> {
    const deleted = await this.dataSource.query<unknown[]>('WITH gone AS (DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id) SELECT id FROM gone', [
      searchId,
      userId,
    ]);
    if (deleted.length === 0) throw new ApplicationError('not_found', SAVED_SEARCH_NOT_FOUND.code, SAVED_SEARCH_NOT_FOUND.message);
    return { message: 'Saved search deleted' };
  }
}
