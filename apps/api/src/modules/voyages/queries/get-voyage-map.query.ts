import type { VoyageMapQuery, VoyageMapResponse } from '@crew/contracts';
import { Inject, Optional } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { ProjectionProgress } from '../../../platform/projections/projection-progress';
import { ReadModelCache } from '../../../platform/projections/read-model-cache';
import { DATA_SOURCE, PROJECTION_PROGRESS } from '../../../platform/tokens';
import { MAP_GRID_DEGREES, MAP_GRID_MAX_ZOOM, parseBbox, VoyageGridIndex, VoyageMapIndex, type MapCell, type MapVoyage } from '../voyage-map-index';
import { voyageColour, voyageWhere } from '../voyage-read-model';

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
  /** One grid per set of filters, for the world views (zoom MAP_GRID_MAX_ZOOM and below). */
  private readonly grids: ReadModelCache<VoyageGridIndex> | null;

  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Optional() @Inject(PROJECTION_PROGRESS) progress?: ProjectionProgress,
  ) {
    this.indexes = progress ? new ReadModelCache(progress, 'voyage-summaries', 2_000, 16, MAP_GRACE_MS) : null;
    this.grids = progress ? new ReadModelCache(progress, 'voyage-summaries', 2_000, 16, MAP_GRACE_MS) : null;
  }

  async execute({ query }: GetVoyageMap): Promise<VoyageMapResponse> {
    const { bbox, zoom, ...filters } = query;
    const key = JSON.stringify(filters);
    if (zoom <= MAP_GRID_MAX_ZOOM) {
      const grid = await (this.grids ? this.grids.get(key, () => this.buildGrid(filters)) : this.buildGrid(filters));
      const { total, clusters, singles } = grid.view(parseBbox(bbox), zoom);
      const titles = await this.titlesOf(singles.map((single) => single.id));
      const points = singles.flatMap(({ id, coordinates }) => {
        const title = titles.get(id);
        return title === undefined ? [] : [{ id, title, coordinates, color: voyageColour(id) }];
      });
      return { total, clusters, points };
    }
    const index = await (this.indexes ? this.indexes.get(key, () => this.build(filters)) : this.build(filters));
    return index.view(parseBbox(bbox), zoom);
  }

  /** The filters' WHERE clause: the list's filters (a search word also finds skippers by name), worldwide (the view only picks what to draw), never cancelled voyages (a marker per non-cancelled voyage). */
  private async where(filters: Omit<ParsedMapQuery, 'bbox' | 'zoom'>): Promise<{ where: string; params: unknown[] }> {
    const { where, params } = await voyageWhere(this.dataSource, { ...filters, limit: 0, offset: 0 });
    return { where: `${where} AND v.status <> 'cancelled' AND v.longitude IS NOT NULL AND v.latitude IS NOT NULL`, params };
  }

  /** The voyages counted per grid cell by PostgreSQL (an index-only scan for date, length and contribution filters): a few thousand rows at most. */
  private async buildGrid(filters: Omit<ParsedMapQuery, 'bbox' | 'zoom'>): Promise<VoyageGridIndex> {
    const { where, params } = await this.where(filters);
    const rows = await this.dataSource.query<{ count: number; longitude: number; latitude: number; first_id: string }[]>(
      `SELECT count(*)::int AS count, avg(v.longitude) AS longitude, avg(v.latitude) AS latitude, min(v.voyage_id::text) AS first_id
         FROM voyage_summaries v
        WHERE ${where}
        GROUP BY floor(v.longitude / $${params.length + 1}), floor(v.latitude / $${params.length + 1})`,
      [...params, MAP_GRID_DEGREES],
    );
    return VoyageGridIndex.build(rows.map((row): MapCell => ({ count: row.count, coordinates: [row.longitude, row.latitude], firstId: row.first_id })));
  }

  private async titlesOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.query<{ voyage_id: string; title: string }[]>(`SELECT voyage_id, title FROM voyage_summaries WHERE voyage_id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((row) => [row.voyage_id, row.title]));
  }

  private async build(filters: Omit<ParsedMapQuery, 'bbox' | 'zoom'>): Promise<VoyageMapIndex> {
    const { where, params } = await this.where(filters);
    const rows = await this.dataSource.query<{ id: string; title: string; longitude: number; latitude: number }[]>(
      `SELECT v.voyage_id AS id, v.title, v.longitude, v.latitude
         FROM voyage_summaries v
        WHERE ${where}
        ORDER BY v.start_date ASC NULLS LAST, v.voyage_id`,
      params,
    );
    return VoyageMapIndex.build(rows.map((row): MapVoyage => ({ id: row.id, title: row.title, coordinates: [row.longitude, row.latitude] })));
  }
}
