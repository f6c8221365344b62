import type { VoyageWatchList } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class ListWatches {
  constructor(readonly userId: string) {}
}

interface WatchRow {
  voyage_id: string;
  title: string;
  departure_port: string | null;
  start_date: string | null;
  status: string;
  crew_needed: number;
  current_crew_count: number;
  created_at: Date;
}

/** The voyages the member watches for a free berth, soonest departure first (a voyage deleted since is left out). */
@QueryHandler(ListWatches)
export class ListWatchesHandler implements IQueryHandler<ListWatches, VoyageWatchList> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: ListWatches): Promise<VoyageWatchList> {
    const rows = await this.dataSource.query<WatchRow[]>(
      `SELECT w.voyage_id, v.title, v.departure_port, v.start_date::text AS start_date, v.status, v.crew_needed, v.current_crew_count, w.created_at
         FROM voyage_watches w JOIN voyage_summaries v ON v.voyage_id = w.voyage_id
        WHERE w.user_id = $1 ORDER BY v.start_date NULLS LAST, w.voyage_id`,
      [userId],
    );
    return {
      watches: rows.map((row) => ({
        voyage_id: row.voyage_id,
        title: row.title,
        departure_port: row.departure_port,
        estimated_start_date: row.start_date,
        status: row.status,
        total_crew_needed: row.crew_needed,
        current_crew_count: row.current_crew_count,
        watching_since: row.created_at.toISOString(),
      })),
    };
  }
}
