import { WATCH_NOT_FULL, type WatchState } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { PLATFORM } from '../../../platform/tokens';

export class WatchVoyage {
  constructor(
    readonly userId: string,
    readonly voyageId: string,
  ) {}
}

export const VOYAGE_NOT_FOUND = { code: 'VOYAGE_NOT_FOUND', message: 'Voyage not found' } as const;

/** "Tell me when a berth opens": only on a full voyage someone else skippers (a voyage with a free berth takes applications). */
@CommandHandler(WatchVoyage)
export class WatchVoyageHandler implements ICommandHandler<WatchVoyage, WatchState> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId, voyageId }: WatchVoyage): Promise<WatchState> {
    const { dataSource, clock } = this.platform;
    const [voyage] = await dataSource.query<{ status: string; skipper_id: string; full: boolean }[]>(
      `SELECT status, skipper_id, (status = 'full' OR current_crew_count >= crew_needed) AS full FROM voyage_summaries
        WHERE voyage_id = $1 AND status <> 'draft' AND NOT suspended AND NOT owner_suspended`,
      [voyageId],
    );
    if (!voyage) throw new ApplicationError('not_found', VOYAGE_NOT_FOUND.code, VOYAGE_NOT_FOUND.message);
    if (voyage.skipper_id === userId) throw new ApplicationError('conflict', 'OWN_VOYAGE', 'You skipper this voyage: there is no berth to watch for.');
    if (!['planning', 'active', 'full'].includes(voyage.status)) throw new ApplicationError('conflict', 'VOYAGE_NOT_OPEN', 'This voyage takes no more crew.');
    if (!voyage.full) throw new ApplicationError('conflict', WATCH_NOT_FULL.code, WATCH_NOT_FULL.message);
    await dataSource.query('INSERT INTO voyage_watches (voyage_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [voyageId, userId, clock.now()]);
    return { watching: true };
  }
}
