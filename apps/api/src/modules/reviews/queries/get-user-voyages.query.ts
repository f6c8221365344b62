import type { UserVoyagesResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { isUuid } from '../../../platform/http/uuid';
import { DATA_SOURCE } from '../../../platform/tokens';
import { memberNotFound } from './get-user-reviews.query';

export class GetUserVoyages {
  constructor(readonly userId: string) {}
}

/** The latest completed voyages of each kind a profile lists; the totals count them all. */
const LISTED = 50;

interface VoyageLine {
  id: string;
  title: string;
  departure_port: string | null;
  arrival_port: string | null;
  start_date: string | null;
  end_date: string | null;
  total: number;
}

const COLUMNS = `v.voyage_id AS id, v.title, v.departure_port, v.arrival_port,
  to_char(v.start_date, 'YYYY-MM-DD') AS start_date, to_char(v.end_date, 'YYYY-MM-DD') AS end_date, count(*) OVER ()::int AS total`;

/** Completed voyages a member skippered, and those they crewed (an accepted application). */
@QueryHandler(GetUserVoyages)
export class GetUserVoyagesHandler implements IQueryHandler<GetUserVoyages, UserVoyagesResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetUserVoyages): Promise<UserVoyagesResponse> {
    if (!isUuid(userId)) throw memberNotFound();
    const [member] = await this.dataSource.query<{ id: string }[]>('SELECT id FROM users WHERE id = $1', [userId]);
    if (!member) throw memberNotFound();
    const [skippered, crewed] = await Promise.all([
      this.dataSource.query<VoyageLine[]>(
        `SELECT ${COLUMNS} FROM voyage_summaries v
          WHERE v.skipper_id = $1 AND v.status = 'completed'
          ORDER BY v.end_date DESC NULLS LAST, v.voyage_id LIMIT ${LISTED}`,
        [userId],
      ),
      this.dataSource.query<VoyageLine[]>(
        `SELECT ${COLUMNS} FROM (SELECT DISTINCT voyage_id FROM applications WHERE crew_id = $1 AND status = 'accepted') a
           JOIN voyage_summaries v ON v.voyage_id = a.voyage_id
          WHERE v.status = 'completed'
          ORDER BY v.end_date DESC NULLS LAST, v.voyage_id LIMIT ${LISTED}`,
        [userId],
      ),
    ]);
    const lines = (rows: VoyageLine[]) => rows.map(({ total: _total, ...line }) => line);
    return { skippered: lines(skippered), crewed: lines(crewed), skippered_count: skippered[0]?.total ?? 0, crewed_count: crewed[0]?.total ?? 0 };
  }
}
