import type { VoyageListResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { VOYAGE_SELECT, myApplicationsFor, toVoyageResponse, voyageFilters, type ParsedListQuery, type VoyageRow } from '../voyage-read-model';

export class ListVoyages {
  constructor(
    readonly query: ParsedListQuery,
    readonly viewerId: string | null,
  ) {}
}

/** Browse list: server-side filters, stable order by departure date, one page. */
@QueryHandler(ListVoyages)
export class ListVoyagesHandler implements IQueryHandler<ListVoyages, VoyageListResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ query, viewerId }: ListVoyages): Promise<VoyageListResponse> {
    const { where, params } = voyageFilters(query);
    // The page (a short index scan in date order) and the total (an index-only count) side by side;
    // a window count over every matching row would cost a scan and sort of them all per request.
    const [rows, counted] = await Promise.all([
      this.dataSource.query<VoyageRow[]>(
        `WITH page AS (
           SELECT v.voyage_id, v.start_date
             FROM voyage_summaries v
            WHERE ${where}
            ORDER BY v.start_date ASC NULLS LAST, v.voyage_id
            LIMIT $${params.length + 1} OFFSET $${params.length + 2}
         )
         SELECT full_row.* FROM page
           JOIN LATERAL (${VOYAGE_SELECT} WHERE v.voyage_id = page.voyage_id) full_row ON true
          ORDER BY page.start_date ASC NULLS LAST, page.voyage_id`,
        [...params, query.limit, query.offset],
      ),
      this.count(where, params),
    ]);
    const mine = await myApplicationsFor(this.dataSource, viewerId, rows.map((row) => row.voyage_id));
    return {
      voyages: rows.map((row) => toVoyageResponse(row, viewerId, mine.get(row.voyage_id) ?? null)),
      total: counted,
      limit: query.limit,
      offset: query.offset,
    };
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const [row] = await this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM voyage_summaries v WHERE ${where}`, params);
    return row?.total ?? 0;
  }
}
