import type { WatchState } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class UnwatchVoyage {
  constructor(
    readonly userId: string,
    readonly voyageId: string,
  ) {}
}

/** Stops watching a voyage (nothing to stop is no error: the member's wish holds either way). */
@CommandHandler(UnwatchVoyage)
export class UnwatchVoyageHandler implements ICommandHandler<UnwatchVoyage, WatchState> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, voyageId }: UnwatchVoyage): Promise<WatchState> {
    await this.dataSource.query('DELETE FROM voyage_watches WHERE voyage_id = $1 AND user_id = $2', [voyageId, userId]);
    return { watching: false };
  }
}
