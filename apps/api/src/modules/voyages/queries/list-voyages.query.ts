import type { VoyageListResponse } from '@crew/contracts';
import { Inject, Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { ProjectionProgress } from '../../../platform/projections/projection-progress';
import { encodeOnce, type ContentEncoding, type EncodedBody } from '../../../platform/http/compression';
import { ReadModelCache } from '../../../platform/projections/read-model-cache';
import { DATA_SOURCE, PROJECTION_PROGRESS } from '../../../platform/tokens';
import { VOYAGE_SELECT, myApplicationsFor, toVoyageResponse, voyageWhere, type ParsedListQuery, type VoyageRow } from '../voyage-read-model';

export class ListVoyages {
  constructor(
    readonly query: ParsedListQuery,
    readonly viewerId: string | null,
  ) {}
}

interface CachedPage {
  readonly rows: VoyageRow[];
  readonly total: number;
  /** The guest's JSON answer, made on first use, and once per encoding asked for. */
  guestBody?: Buffer;
  readonly encoded: Partial<Record<ContentEncoding, EncodedBody>>;
}

/** Browse list: server-side filters, stable order by departure date, one page. */
@QueryHandler(ListVoyages)
export class ListVoyagesHandler implements IQueryHandler<ListVoyages, VoyageListResponse> {
  /** Pages as every viewer sees them; the viewer's own applications are added per request. */
  private readonly pages: ReadModelCache<CachedPage> | null;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource, @Optional() @Inject(PROJECTION_PROGRESS) progress?: ProjectionProgress) {
    this.pages = progress ? new ReadModelCache(progress, 'voyage-summaries') : null;
  }

  async execute({ query, viewerId }: ListVoyages): Promise<VoyageListResponse> {
    const { rows, total } = await this.cachedPage(query);
    const mine = await myApplicationsFor(this.dataSource, viewerId, rows.map((row) => row.voyage_id));
    return {
      voyages: rows.map((row) => toVoyageResponse(row, viewerId, mine.get(row.voyage_id) ?? null)),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /**
   * The page as a guest sees it, serialised and compressed once per cached
   * page and encoding: the most requested answer of the site is then bytes
   * already made, not 20 cards mapped, stringified and compressed again for
   * every visitor.
   */
  async guestBody(query: ParsedListQuery, encoding: ContentEncoding): Promise<EncodedBody> {
    const page = await this.cachedPage(query);
    page.guestBody ??= Buffer.from(
      JSON.stringify({ voyages: page.rows.map((row) => toVoyageResponse(row, null, null)), total: page.total, limit: query.limit, offset: query.offset }),
    );
    return (page.encoded[encoding] ??= encodeOnce(page.guestBody, encoding));
  }

  private cachedPage(query: ParsedListQuery): Promise<CachedPage> {
    return this.pages ? this.pages.get(JSON.stringify(query), () => this.page(query)) : this.page(query);
  }

  private async page(query: ParsedListQuery): Promise<CachedPage> {
    const { where, params } = await voyageWhere(this.dataSource, query);
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
    return { rows, total: counted, encoded: {} };
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    const [row] = await this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM voyage_summaries v WHERE ${where}`, params);
    return row?.total ?? 0;
  }
}
