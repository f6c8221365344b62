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
