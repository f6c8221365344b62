import type { VoyageMapQuery, VoyageMapResponse } from '@crew/contracts';
import { Inject, Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { ProjectionProgress } from '../../../platform/projections/projection-progress';
import { ReadModelCache } from '../../../platform/projections/read-model-cache';
import { DATA_SOURCE, PROJECTION_PROGRESS } from '../../../platform/tokens';
import { parseBbox, VoyageMapIndex, type MapVoyage } from '../voyage-map-index';
import { voyageWhere } from '../voyage-read-model';

export type ParsedMapQuery = Omit<VoyageMapQuery, 'zoom'> & { zoom: number };

export class GetVoyageMap {
  constructor(readonly query: ParsedMapQuery) {}
}

/**
 * How long after the voyages move the map may still be drawn from the index
 * built before: under a stream of edits the index is rebuilt at most once at
 * a time per set of filters, not for every view, and a change shows on the
 * map within about a second.
 */
const MAP_GRACE_MS = 1_000;

/** The browse map of one view: the matching voyages clustered on the server, so the answer stays small at any zoom. */
@QueryHandler(GetVoyageMap)
export class GetVoyageMapHandler implements IQueryHandler<GetVoyageMap, VoyageMapResponse> {
  /** One index per set of filters (the view is a lookup in it); a few, since each holds every matching voyage. */
  private readonly indexes: ReadModelCache<VoyageMapIndex> | null;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Optional() @Inject(PROJECTION_PROGRESS) progress?: ProjectionProgress,
  ) {
    this.indexes = progress ? new ReadModelCache(progress, 'voyage-summaries', 2_000, 16, MAP_GRACE_MS) : null;
  }

  async execute({ query }: GetVoyageMap): Promise<VoyageMapResponse> {
    const { bbox, zoom, ...filters } = query;
    const key = JSON.stringify(filters);
    const index = await (this.indexes ? this.indexes.get(key, () => this.build(filters)) : this.build(filters));
    return index.view(parseBbox(bbox), zoom);
  }

  private async build(filters: Omit<ParsedMapQuery, 'bbox' | 'zoom'>): Promise<VoyageMapIndex> {
    // The list's filters (a search word also finds skippers by name), worldwide (the view only picks what to draw),
    // never cancelled voyages (a marker per non-cancelled voyage).
    const { where, params } = await voyageWhere(this.dataSource, { ...filters, limit: 0, offset: 0 });
    const rows = await this.dataSource.query<{ id: string; title: string; longitude: number; latitude: number }[]>(
      `SELECT v.voyage_id AS id, v.title, v.longitude, v.latitude
         FROM voyage_summaries v
        WHERE ${where} AND v.status <> 'cancelled' AND v.longitude IS NOT NULL AND v.latitude IS NOT NULL
        ORDER BY v.start_date ASC NULLS LAST, v.voyage_id`,
      params,
    );
    return VoyageMapIndex.build(rows.map((row): MapVoyage => ({ id: row.id, title: row.title, coordinates: [row.longitude, row.latitude] })));
  }
}
