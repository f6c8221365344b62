import type { WatchState } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetWatch {
  constructor(
    readonly userId: string,
    readonly voyageId: string,
  ) {}
}

/** Whether the member watches a voyage. */
@QueryHandler(GetWatch)
export class GetWatchHandler implements IQueryHandler<GetWatch, WatchState> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, voyageId }: GetWatch): Promise<WatchState> {
    const found = await this.dataSource.query<unknown[]>('SELECT 1 FROM voyage_watches WHERE voyage_id = $1 AND user_id = $2', [voyageId, userId]);
    return { watching: found.length > 0 };
  }
}
