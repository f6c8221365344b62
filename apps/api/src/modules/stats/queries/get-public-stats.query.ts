import type { PublicStats } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetPublicStats {}

/**
 * The home page's counters, straight from the read models: miles of every
 * published voyage that is not cancelled, voyages still to sail or under way,
 * and accounts that can crew. Never samples.
 */
@QueryHandler(GetPublicStats)
export class GetPublicStatsHandler implements IQueryHandler<GetPublicStats, PublicStats> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(): Promise<PublicStats> {
    const [row] = await this.dataSource.query<{ miles: number; active: number; crew: number }[]>(
      `SELECT (SELECT coalesce(sum(total_distance_nm), 0)::int FROM voyage_summaries WHERE status NOT IN ('draft', 'cancelled')) AS miles,
              (SELECT count(*)::int FROM voyage_summaries WHERE status IN ('planning', 'active', 'full', 'in_progress')) AS active,
              (SELECT count(*)::int FROM users WHERE user_type IN ('crew', 'both')) AS crew`,
    );
    return { nautical_miles: row?.miles ?? 0, active_voyages: row?.active ?? 0, crew_members: row?.crew ?? 0 };
  }
}
