import { SAILING_SOON_DAYS, type SailingSoonResponse, type SailingSoonVoyage } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { utcToday } from '../voyage-read-model';

const DAY_MS = 86_400_000;

/** The voyages a member sails on (skipper or accepted crew) that depart within 30 days or are under way. */
export class ListSailingSoon {
  constructor(
    readonly userId: string,
    readonly now: Date = new Date(),
  ) {}
}

/**
 * What the web client keeps on the member's device for use at sea (docs/features/offline.md): published voyages
 * still to sail or sailing, on which the member is the skipper or accepted crew, that are in progress or depart
 * by the 30th day from today and have not ended before today (a voyage left unstarted past its dates is not one
 * to take to sea). Soonest departure first.
 */
@QueryHandler(ListSailingSoon)
export class ListSailingSoonHandler implements IQueryHandler<ListSailingSoon, SailingSoonResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, now }: ListSailingSoon): Promise<SailingSoonResponse> {
    const rows = await this.dataSource.query<
      { id: string; title: string; role: SailingSoonVoyage['role']; status: SailingSoonVoyage['status']; start: string | null; end: string | null }[]
    >(
      `SELECT v.voyage_id AS id, v.title, CASE WHEN v.skipper_id = $1 THEN 'skipper' ELSE 'crew' END AS role, v.status,
              to_char(v.start_date, 'YYYY-MM-DD') AS start, to_char(v.end_date, 'YYYY-MM-DD') AS end
         FROM voyage_summaries v
        WHERE (v.skipper_id = $1 OR EXISTS (SELECT 1 FROM applications a WHERE a.voyage_id = v.voyage_id AND a.crew_id = $1 AND a.status = 'accepted'))
          AND v.status IN ('planning', 'active', 'full', 'in_progress')
          AND (v.status = 'in_progress' OR (v.start_date <= $2::date AND (v.end_date IS NULL OR v.end_date >= $3::date)))
        ORDER BY v.start_date ASC NULLS LAST, v.voyage_id`,
      [userId, utcToday(new Date(now.getTime() + SAILING_SOON_DAYS * DAY_MS)), utcToday(now)],
    );
    return {
      voyages: rows.map((row) => ({ id: row.id, title: row.title, role: row.role, status: row.status, estimated_start_date: row.start, estimated_end_date: row.end })),
    };
  }
}
