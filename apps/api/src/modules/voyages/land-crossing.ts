import { EARTH_RADIUS_NM, greatCircleNm, type Coordinates } from '@crew/domain';
import type { MultiPolygon, Polygon } from 'geojson';
import { readFileSync } from 'node:fs';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * Does the straight (great-circle) line of a leg cross land? Leg distances are
 * great-circle estimates; where the line runs over land (Cowes → Norderney
 * crosses England) the real passage is longer, and the skipper is told so and
 * may enter their own distance.
 *
 * The coastline is Natural Earth's 1:10m land (world-atlas, public domain).
 * Its edges are filed in latitude bands of 0.1°, so testing a point counts
 * only the crossings of a ray to the east within its band (even-odd rule).
 * Samples every half mile along the line; the first and last 2 nm are not
 * counted (a harbour's position is its town, often a little inland, and
 * small harbours sit in river mouths the 1:10m coast does not open), and a
 * crossing is at least 1 nm of land, so a line grazing a headland is not one.
 */

const BAND_DEGREES = 0.1;
const BANDS = Math.round(180 / BAND_DEGREES);
const STEP_NM = 0.5;
const MAX_SAMPLES = 8000;
const END_MARGIN_NM = 2;
const MIN_LAND_NM = 1;

interface LandIndex {
  /** Per latitude band: edges as x1, y1, x2, y2 in a flat array. */
  readonly bands: readonly Float32Array[];
}

let index: LandIndex | null = null;

const bandOf = (latitude: number): number => Math.min(BANDS - 1, Math.max(0, Math.floor((latitude + 90) / BAND_DEGREES)));

function buildIndex(): LandIndex {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-10m.json'), 'utf8')) as Topology<{ land: GeometryCollection }>;
  const land = feature(topology, topology.objects.land);
  const collected: number[][] = Array.from({ length: BANDS }, () => []);
  const addRing = (ring: readonly number[][]) => {
    for (let i = 1; i < ring.length; i++) {
      const [x1, y1] = ring[i - 1] as [number, number];
      const [x2, y2] = ring[i] as [number, number];
      if (y1 === y2) continue; // a horizontal edge never crosses a ray to the east
      for (let band = bandOf(Math.min(y1, y2)); band <= bandOf(Math.max(y1, y2)); band++) collected[band]?.push(x1, y1, x2, y2);
    }
  };
  for (const item of land.features) {
    const geometry = item.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons) for (const ring of polygon) addRing(ring);
  }
  return { bands: collected.map((edges) => Float32Array.from(edges)) };
}

const landIndex = (): LandIndex => (index ??= buildIndex());

/** Loads the coastline now (about a second), so the first voyage saved does not wait for it. */
export function warmLandIndex(): void {
  landIndex();
}

/** Even-odd rule over the edges of the point's latitude band. */
export function isOnLand([longitude, latitude]: Coordinates): boolean {
  const edges = landIndex().bands[bandOf(latitude)] ?? new Float32Array(0);
  let inside = false;
  for (let i = 0; i < edges.length; i += 4) {
    const x1 = edges[i] as number;
    const y1 = edges[i + 1] as number;
    const x2 = edges[i + 2] as number;
    const y2 = edges[i + 3] as number;
    if (y1 > latitude !== y2 > latitude && longitude < x1 + ((latitude - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
  }
  return inside;
}

const toVector = ([longitude, latitude]: Coordinates): [number, number, number] => {
  const lon = (longitude * Math.PI) / 180;
  const lat = (latitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
};

const toCoordinates = ([x, y, z]: [number, number, number]): Coordinates => [
  (Math.atan2(y, x) * 180) / Math.PI,
  (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI,
];

/** Points every `step` nm along the great circle from `from` to `to` (spherical interpolation), with their distance from `from`. */
function samplesAlong(from: Coordinates, to: Coordinates, lengthNm: number): { point: Coordinates; at: number }[] {
  const a = toVector(from);
  const b = toVector(to);
  const angle = lengthNm / EARTH_RADIUS_NM;
  const count = Math.min(MAX_SAMPLES, Math.ceil(lengthNm / STEP_NM));
  const samples: { point: Coordinates; at: number }[] = [];
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const wa = Math.sin((1 - t) * angle) / Math.sin(angle);
    const wb = Math.sin(t * angle) / Math.sin(angle);
    samples.push({ point: toCoordinates([wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2]]), at: t * lengthNm });
  }
  return samples;
}

/** Nautical miles of land under the great-circle line between two points (ends excluded, see above). */
export function landUnderLineNm(from: Coordinates, to: Coordinates): number {
  const lengthNm = greatCircleNm(from, to);
  if (lengthNm <= 2 * END_MARGIN_NM) return 0;
  const samples = samplesAlong(from, to, lengthNm);
  const step = lengthNm / (samples.length + 1);
  return samples.filter(({ point, at }) => at > END_MARGIN_NM && at < lengthNm - END_MARGIN_NM && isOnLand(point)).length * step;
}

/** The straight line of a leg runs over land: its great-circle distance understates the passage. */
export const crossesLand = (from: Coordinates, to: Coordinates): boolean => landUnderLineNm(from, to) >= MIN_LAND_NM;
