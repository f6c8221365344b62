/*
 * The offline world, decoded off the page's main thread: Natural Earth's
 * TopoJSON (1:110m countries, bundled here; 1:10m land, 3 MB, fetched on the
 * first zoomed-in view) is decoded once, and each view gets only its own
 * area, cut and simplified to its zoom, as flat typed arrays. On a phone,
 * decoding the 1:10m land alone blocked the page for over a second, and
 * Leaflet clipping the whole world on every view for a tenth of one.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import detailedLandUrl from 'world-atlas/land-10m.json?url';
import { unwrapRing } from '../../lib/map-points';
import { boxPolygons, flatten, landInArea, toleranceAt, type BoxedPolygon, type PolygonRings } from '../../lib/world-geometry';
import type { WorldReply, WorldRequest } from './world-protocol';

const polygonsOf = (collection: FeatureCollection): PolygonRings[] =>
  collection.features.flatMap((item: Feature) => {
    const geometry: Geometry | null = item.geometry;
    const polygons = geometry?.type === 'MultiPolygon' ? geometry.coordinates : geometry?.type === 'Polygon' ? [geometry.coordinates] : [];
    // Continuous across the antimeridian (Russia, Fiji), or the renderer draws a line around the world.
    return polygons.map((polygon) => polygon.map(unwrapRing));
  });

let decodedCountries: BoxedPolygon[] | null = null;
const countryPolygons = (): BoxedPolygon[] => {
  if (!decodedCountries) {
    const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
    decodedCountries = boxPolygons(polygonsOf(feature(topology, topology.objects.countries) as FeatureCollection));
  }
  return decodedCountries;
};

let detailedLand: Promise<BoxedPolygon[]> | null = null;
const loadDetailedLand = (): Promise<BoxedPolygon[]> => {
  detailedLand ??= fetch(detailedLandUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`land-10m: HTTP ${response.status}`);
      return response.json() as Promise<Topology<{ land: GeometryCollection }>>;
    })
    .then((topology) => boxPolygons(polygonsOf(feature(topology, topology.objects.land) as FeatureCollection)))
    .catch((error: unknown) => {
      detailedLand = null; // offline and not cached: try again on the next view
      throw error;
    });
  return detailedLand;
};

interface WorkerScope {
  onmessage: ((event: MessageEvent<WorldRequest>) => void) | null;
  postMessage(message: WorldReply, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data: request }) => {
  const answer = async (): Promise<PolygonRings[]> =>
    landInArea(request.kind === 'countries' ? countryPolygons() : await loadDetailedLand(), request.area, toleranceAt(request.zoom));
  answer().then(
    (polygons) => {
      const shapes = flatten(polygons);
      scope.postMessage({ id: request.id, ok: true, shapes }, [shapes.coords.buffer, shapes.rings.buffer, shapes.polygons.buffer]);
    },
    (error: unknown) => scope.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) }, []),
  );
};
