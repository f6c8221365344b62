import type { PublicStats } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { voyageFilters } from '../../voyages/voyage-read-model';

export class GetPublicStats {}

/**
 * The home page's counters, straight from the read models: miles of every
 * published voyage that is not cancelled, active voyages as browse counts
 * them (those that can still be joined: the same filter, so the home page and
 * the browse total agree), and accounts that can crew. Never samples.
 */
@QueryHandler(GetPublicStats)
export class GetPublicStatsHandler implements IQueryHandler<GetPublicStats, PublicStats> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(): Promise<PublicStats> {
    const joinable = voyageFilters({ limit: 0, offset: 0 });
    const [row] = await this.dataSource.query<{ miles: number; active: number; crew: number }[]>(
      `SELECT (SELECT coalesce(sum(total_distance_nm), 0)::int FROM voyage_summaries WHERE status NOT IN ('draft', 'cancelled')) AS miles,
              (SELECT count(*)::int FROM voyage_summaries v WHERE ${joinable.where}) AS active,
              (SELECT count(*)::int FROM users WHERE user_type IN ('crew', 'both')) AS crew`,
      joinable.params,
    );
    return { nautical_miles: row?.miles ?? 0, active_voyages: row?.active ?? 0, crew_members: row?.crew ?? 0 };
  }
}
