import { MAP_CLUSTER_MAX_ZOOM, MAP_RING_SIZE, MAP_RING_STEP_DEGREES, type VoyageMapResponse } from '@crew/contracts';
import type Supercluster from 'supercluster';
import type { AnyProps, ClusterFeature, PointFeature } from 'supercluster';
import { voyageColour } from './voyage-read-model';

/** [longitude, latitude], as the API sends coordinates. */
export type LonLat = readonly [number, number];

export interface MapVoyage {
  readonly id: string;
  readonly title: string;
  readonly coordinates: LonLat;
}

const spotKey = ([lon, lat]: LonLat) => `${lon.toFixed(6)},${lat.toFixed(6)}`;

/**
 * Voyages that share a departure point are spread so each
 * stays clickable. The first at a spot keeps the true position; the others sit
 * around it, six to a ring, each ring 0.5° further out. Input order decides who
 * goes where, so the same data always gives the same layout.
 */
export function offsetIdenticalCoordinates<T extends { readonly coordinates: LonLat }>(points: readonly T[]): (T & { readonly position: LonLat })[] {
  const seen = new Map<string, number>();
  return points.map((point) => {
    const spot = spotKey(point.coordinates);
    const index = seen.get(spot) ?? 0;
    seen.set(spot, index + 1);
    if (index === 0) return { ...point, position: point.coordinates };
    const ring = Math.floor((index - 1) / MAP_RING_SIZE) + 1;
    const angle = (((index - 1) % MAP_RING_SIZE) / MAP_RING_SIZE) * 2 * Math.PI;
    const radius = ring * MAP_RING_STEP_DEGREES;
    const [lon, lat] = point.coordinates;
    const offsetLat = Math.max(-85, Math.min(85, lat + radius * Math.sin(angle)));
    let offsetLon = lon + radius * Math.cos(angle);
    if (offsetLon > 180) offsetLon -= 360;
    if (offsetLon < -180) offsetLon += 360;
    return { ...point, position: [offsetLon, offsetLat] as const };
  });
}

type PointProperties = { readonly id: string; readonly title: string };
type MapFeature = ClusterFeature<AnyProps> | PointFeature<PointProperties>;

/**
 * supercluster is an ES module only: a dynamic import loads it from this
 * CommonJS build on every Node version the project supports.
 */
let superclusterModule: Promise<typeof Supercluster> | null = null;
const loadSupercluster = (): Promise<typeof Supercluster> => (superclusterModule ??= import('supercluster').then((module) => module.default));

/** Rounded to ~1 m: more digits are bytes on the wire that no marker can show. */
const coordinate = (value: number): number => Math.round(value * 1e5) / 1e5;

/**
 * The voyages of one set of browse filters, clustered once (supercluster:
 * nothing closer than 60 screen pixels, single markers past zoom 14). A view is then a lookup: a few hundred clusters and markers
 * whatever the number of voyages.
 */
export class VoyageMapIndex {
  readonly total: number;

  private constructor(
    private readonly index: Supercluster<PointProperties>,
    voyages: readonly MapVoyage[],
  ) {
    this.total = voyages.length;
    this.index.load(
      offsetIdenticalCoordinates(voyages).map(({ id, title, position }) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [position[0], position[1]] },
        properties: { id, title },
      })),
    );
  }

  static async build(voyages: readonly MapVoyage[]): Promise<VoyageMapIndex> {
    const Index = await loadSupercluster();
    // extent 256: Leaflet's tile size, so the 60 px radius is 60 screen pixels and bubbles (44-56 px) never overlap.
    return new VoyageMapIndex(new Index<PointProperties>({ radius: 60, extent: 256, maxZoom: MAP_CLUSTER_MAX_ZOOM }), voyages);
  }

  /** The clusters and markers of a view: bbox is west,south,east,north (west > east across the antimeridian). */
  view(bbox: readonly [number, number, number, number], zoom: number): VoyageMapResponse {
    const [west, south, east, north] = bbox;
    // supercluster takes a view across the antimeridian as west > east only within [-180, 180].
    const items = this.index.getClusters([west, Math.max(-90, south), east, Math.min(90, north)], zoom) as MapFeature[];
    const answer: VoyageMapResponse = { total: this.total, clusters: [], points: [] };
    for (const item of items) {
      const [lon = 0, lat = 0] = item.geometry.coordinates;
      const coordinates: [number, number] = [coordinate(lon), coordinate(lat)];
      if ('cluster' in item.properties && item.properties['cluster']) {
        const clusterId = item.properties['cluster_id'] as number;
        answer.clusters.push({ coordinates, count: item.properties['point_count'] as number, expansion_zoom: this.index.getClusterExpansionZoom(clusterId) });
      } else {
        const { id, title } = item.properties as PointProperties;
        answer.points.push({ id, title, coordinates, color: voyageColour(id) });
      }
    }
    return answer;
  }
}

/** The whole world, as a bbox. */
export const WORLD: readonly [number, number, number, number] = [-180, -90, 180, 90];

/** "west,south,east,north" as the query carries it. */
export const parseBbox = (bbox: string | undefined): readonly [number, number, number, number] =>
  bbox ? (bbox.split(',').map(Number) as unknown as [number, number, number, number]) : WORLD;

/**
 * Up to this zoom the browse map is drawn from the voyages counted per cell
 * of a world grid (VoyageGridIndex), not clustered one by one: the web asks
 * for the whole world up to zoom 4, and a filter set seen for the first
 * time is then answered in milliseconds at any number of voyages (clustering
 * 26,000 voyages one by one took over 100 ms). From zoom 5 on, where a view
 * shows a region, each voyage is clustered on its own (VoyageMapIndex).
 */
export const MAP_GRID_MAX_ZOOM = 4;
/**
 * The grid's cell, in degrees: 6 screen pixels at zoom 4, a tenth of the
 * cluster radius there, so a cell's voyages always end in one cluster and
 * only where the cluster is drawn moves, by a pixel or two.
 */
export const MAP_GRID_DEGREES = 0.5;

/** The voyages of one grid cell: how many, their mean position, and (for a cell of one) which. */
export interface MapCell {
  readonly count: number;
  readonly coordinates: LonLat;
  readonly firstId: string;
}

type CellProperties = { count: number; lonSum: number; latSum: number; firstId: string };

/** A world view of the grid: clusters as the API sends them, and the single voyages whose titles the caller adds. */
export interface GridView {
  readonly total: number;
  readonly clusters: VoyageMapResponse['clusters'];
  readonly singles: readonly { readonly id: string; readonly coordinates: [number, number] }[];
}

/**
 * The grid cells of one set of browse filters, clustered like single voyages
 * (supercluster, the same 60 pixel radius) for zooms 0 to MAP_GRID_MAX_ZOOM,
 * each cell weighing its number of voyages: a cluster counts the voyages of
 * its cells and sits at their mean position. A cell of several voyages
 * alone in a view is a cluster that opens one zoom past the grid's.
 */
export class VoyageGridIndex {
  readonly total: number;

  private constructor(
    private readonly index: Supercluster<CellProperties, CellProperties>,
    cells: readonly MapCell[],
  ) {
    this.total = cells.reduce((sum, cell) => sum + cell.count, 0);
    this.index.load(
      cells.map(({ count, coordinates: [lon, lat], firstId }) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lon, lat] },
        properties: { count, lonSum: lon * count, latSum: lat * count, firstId },
      })),
    );
  }

  static async build(cells: readonly MapCell[]): Promise<VoyageGridIndex> {
    const Index = await loadSupercluster();
    const index = new Index<CellProperties, CellProperties>({
      radius: 60,
      extent: 256,
      maxZoom: MAP_GRID_MAX_ZOOM,
      map: (cell) => ({ ...cell }),
      reduce: (sum, cell) => {
        sum.count += cell.count;
        sum.lonSum += cell.lonSum;
        sum.latSum += cell.latSum;
      },
    });
    return new VoyageGridIndex(index, cells);
  }

  view(bbox: readonly [number, number, number, number], zoom: number): GridView {
    const [west, south, east, north] = bbox;
    const items = this.index.getClusters([west, Math.max(-90, south), east, Math.min(90, north)], Math.min(zoom, MAP_GRID_MAX_ZOOM));
    const clusters: GridView['clusters'][number][] = [];
    const singles: { id: string; coordinates: [number, number] }[] = [];
    for (const item of items) {
      const { count, lonSum, latSum, firstId } = item.properties;
      const [lon = 0, lat = 0] = item.geometry.coordinates;
      if (count === 1) {
        singles.push({ id: firstId, coordinates: [coordinate(lon), coordinate(lat)] });
        continue;
      }
      const isCluster = 'cluster' in item.properties && (item.properties as AnyProps)['cluster'] === true;
      clusters.push({
        coordinates: [coordinate(lonSum / count), coordinate(latSum / count)],
        count,
        expansion_zoom: isCluster ? this.index.getClusterExpansionZoom((item.properties as AnyProps)['cluster_id'] as number) : MAP_GRID_MAX_ZOOM + 1,
      });
    }
    return { total: this.total, clusters, singles };
  }
}
