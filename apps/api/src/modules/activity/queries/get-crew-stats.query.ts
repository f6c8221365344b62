import type { CrewStatsResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { ratingSummaries } from '../../reviews/review-read-model';
import { ReviewClock } from '../../reviews/review-clock';

export class GetCrewStats {
  constructor(readonly memberId: string) {}
}

const STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;

/**
 * The crew dashboard's quick stats, from the read models as they stand: the
 * member's applications by status (`applications`), the voyages, miles and
 * days of their verified sailing log (`sailing_log`, confirmed entries only,
 * as the public log counts them) and the reviews of them that are visible
 * (with their average, as profiles show it). Three index reads.
 */
@QueryHandler(GetCrewStats)
export class GetCrewStatsHandler implements IQueryHandler<GetCrewStats, CrewStatsResponse> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly clock: ReviewClock,
  ) {}

  async execute({ memberId }: GetCrewStats): Promise<CrewStatsResponse> {
    const [byStatus, [log], ratings] = await Promise.all([
      this.dataSource.query<{ status: string; n: number }[]>('SELECT status, count(*)::int AS n FROM applications WHERE crew_id = $1 GROUP BY status', [memberId]),
      this.dataSource.query<{ voyages: number; miles: number; days: number }[]>(
        `SELECT count(*)::int AS voyages, coalesce(sum(distance_nm), 0)::float8 AS miles, coalesce(sum(days), 0)::int AS days
           FROM sailing_log WHERE crew_id = $1 AND status = 'confirmed'`,
        [memberId],
      ),
      ratingSummaries(this.dataSource, [memberId], this.clock.now()),
    ]);
    const counts = new Map(byStatus.map((row) => [row.status, row.n]));
    const rating = ratings.get(memberId) ?? { average: null, count: 0 };
    return {
      applications: Object.fromEntries(STATUSES.map((status) => [status, counts.get(status) ?? 0])) as CrewStatsResponse['applications'],
      voyages_sailed: log?.voyages ?? 0,
      verified_miles: log?.miles ?? 0,
      days_at_sea: log?.days ?? 0,
      reviews: { count: rating.count, average: rating.average },
    };
  }
}
