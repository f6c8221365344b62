import { UNDERWAY_STATUSES } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

/** The voyages a member skippers that are still to sail (or under way) with accepted crew: what an account deletion must not cut short. */
export class FindCrewedVoyages {
  constructor(readonly skipperId: string) {}
}

export interface CrewedVoyages {
  readonly voyages: number;
  /** Accepted crew on them, added up. */
  readonly acceptedCrew: number;
}

@QueryHandler(FindCrewedVoyages)
export class FindCrewedVoyagesHandler implements IQueryHandler<FindCrewedVoyages, CrewedVoyages> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ skipperId }: FindCrewedVoyages): Promise<CrewedVoyages> {
    const [row] = await this.dataSource.query<{ voyages: number; accepted: number }[]>(
      `SELECT count(*)::int AS voyages, coalesce(sum(accepted), 0)::int AS accepted FROM (
         SELECT (SELECT count(*) FROM applications a WHERE a.voyage_id = v.voyage_id AND a.status = 'accepted') AS accepted
           FROM voyage_summaries v WHERE v.skipper_id = $1 AND v.status = ANY($2::text[])) crewed
        WHERE accepted > 0`,
      [skipperId, [...UNDERWAY_STATUSES]],
    );
    return { voyages: row?.voyages ?? 0, acceptedCrew: row?.accepted ?? 0 };
  }
}
