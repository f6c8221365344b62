import type { VoyageListResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { VOYAGE_SELECT, toVoyageResponse, voyageFilters, type ParsedListQuery, type VoyageRow } from '../voyage-read-model';

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
    // The page and the total in one round trip; the page's rows are joined only after paging.
    const rows = await this.dataSource.query<(VoyageRow & { total: number })[]>(
      `WITH page AS (
         SELECT v.voyage_id, count(*) OVER ()::int AS total, v.start_date
           FROM voyage_summaries v
          WHERE ${where}
          ORDER BY v.start_date ASC NULLS LAST, v.voyage_id
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       )
       SELECT full_row.*, page.total FROM page
         JOIN LATERAL (${VOYAGE_SELECT} WHERE v.voyage_id = page.voyage_id) full_row ON true
        ORDER BY page.start_date ASC NULLS LAST, page.voyage_id`,
      [...params, query.limit, query.offset],
    );
    const total = rows[0]?.total ?? (query.offset > 0 ? await this.count(where, params) : 0);
    return { voyages: rows.map((row) => toVoyageResponse(row, viewerId)), total, limit: query.limit, offset: query.offset };
  }

  /** Past the last page the window count has no row to ride on. */
  private async count(where: string, params: unknown[]): Promise<number> {
    const [row] = await this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM voyage_summaries v WHERE ${where}`, params);
    return row?.total ?? 0;
  }
}
