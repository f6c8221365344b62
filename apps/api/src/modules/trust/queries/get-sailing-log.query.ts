import type { SailingLogResponse } from '@crew/contracts';
import type { SailedLeg } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApiError } from '../../../platform/http/api-error';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetSailingLog {
  constructor(readonly userId: string) {}
}

interface LogRow {
  voyage_id: string;
  title: string | null;
  skipper_id: string | null;
  first_name: string | null;
  last_name: string | null;
  confirmed_at: Date;
  confirmed_by: 'skipper' | 'auto';
  distance_nm: number;
  days: number;
  legs: SailedLeg[];
}

/** Verified legs of a member's log (confirmed by the skipper, or 7 days after completion), newest first, with totals. */
export async function verifiedVoyageCount(dataSource: DataSource, userId: string): Promise<number> {
  const [row] = await dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM sailing_log WHERE crew_id = $1 AND status = 'confirmed'`, [userId]);
  return row?.n ?? 0;
}

@QueryHandler(GetSailingLog)
export class GetSailingLogHandler implements IQueryHandler<GetSailingLog, SailingLogResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetSailingLog): Promise<SailingLogResponse> {
    const notFound = new ApiError(404, 'USER_NOT_FOUND', 'Member not found');
    if (!isUuid(userId)) throw notFound;
    const [user] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1', [userId]);
    if (!user) throw notFound;
    const rows = await this.dataSource.query<LogRow[]>(
      `SELECT l.voyage_id, v.title, v.skipper_id, u.first_name, u.last_name, l.confirmed_at, l.confirmed_by, l.distance_nm, l.days, l.legs
         FROM sailing_log l
         LEFT JOIN voyage_summaries v ON v.voyage_id = l.voyage_id
         LEFT JOIN users u ON u.id = v.skipper_id
        WHERE l.crew_id = $1 AND l.status = 'confirmed'
        ORDER BY l.completed_at DESC, l.voyage_id`,
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
