import type { SailingLogResponse } from '@crew/contracts';
import type { SailingLogRow, VoyageSummaryRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetSailingLog {
  constructor(readonly userId: string) {}
}

/** An entry of either log (confirmed `sailing_log`, completed `skipper_log`), with its voyage's title and skipper's name as they are now. */
interface LogRow extends Pick<SailingLogRow, 'voyage_id' | 'distance_nm' | 'days' | 'legs'> {
  role: 'crew' | 'skipper';
  title: VoyageSummaryRow['title'] | null;
  skipper_id: string | null;
  first_name: string | null;
  last_name: string | null;
  /** The crew member's confirmation; the skipper's completion. */
  confirmed_at: NonNullable<SailingLogRow['confirmed_at']>;
  confirmed_by: NonNullable<SailingLogRow['confirmed_by']>;
}

/**
 * A member's verified log, newest first: voyages sailed as crew and confirmed
 * (by the skipper, or 7 days after completion), and voyages they skippered,
 * logged on completion with every leg.
 */
const LOG_SQL = `
  SELECT l.voyage_id, 'crew' AS role, l.completed_at, l.confirmed_at, l.confirmed_by, l.distance_nm, l.days, l.legs, v.skipper_id
    FROM sailing_log l LEFT JOIN voyage_summaries v ON v.voyage_id = l.voyage_id
   WHERE l.crew_id = $1 AND l.status = 'confirmed'
  UNION ALL
  SELECT s.voyage_id, 'skipper' AS role, s.completed_at, s.completed_at AS confirmed_at, 'skipper' AS confirmed_by, s.distance_nm, s.days, coalesce(s.legs, '[]'::jsonb), s.skipper_id
    FROM skipper_log s
   WHERE s.skipper_id = $1 AND s.completed_at IS NOT NULL`;

@QueryHandler(GetSailingLog)
export class GetSailingLogHandler implements IQueryHandler<GetSailingLog, SailingLogResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetSailingLog): Promise<SailingLogResponse> {
    const notFound = new ApplicationError('not_found', 'USER_NOT_FOUND', 'Member not found');
    if (!isUuid(userId)) throw notFound;
    const [user] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1', [userId]);
    if (!user) throw notFound;
    const rows = await this.dataSource.query<LogRow[]>(
      `SELECT log.voyage_id, log.role, v.title, log.skipper_id, u.first_name, u.last_name, log.confirmed_at, log.confirmed_by, log.distance_nm, log.days, log.legs
         FROM (${LOG_SQL}) log
         LEFT JOIN voyage_summaries v ON v.voyage_id = log.voyage_id
         LEFT JOIN users u ON u.id = log.skipper_id
        ORDER BY log.completed_at DESC, log.voyage_id, log.role`,
      [userId],
    );
    return {
      user_id: userId,
      totals: {
        distance_nm: rows.reduce((sum, row) => sum + row.distance_nm, 0),
        days_at_sea: rows.reduce((sum, row) => sum + row.days, 0),
        voyages: rows.length,
      },
      entries: rows.map((row) => ({
        voyage_id: row.voyage_id,
        voyage_title: row.title ?? 'A voyage no longer listed',
        role: row.role,
        skipper: { id: row.skipper_id ?? '', name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
        confirmed_at: new Date(row.confirmed_at).toISOString(),
        confirmed_by: row.confirmed_by,
        distance_nm: row.distance_nm,
        days: row.days,
        legs: row.legs.map((leg) => ({ from: leg.from, to: leg.to, departure_date: leg.departureDate, arrival_date: leg.arrivalDate, distance_nm: leg.distanceNm })),
      })),
    };
  }
}
