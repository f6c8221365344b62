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
 * Samples every half mile along the line (at most 3,000 samples: an ocean leg is sampled more sparsely); the first and last 2 nm are not
 * counted (a harbour's position is its town, often a little inland, and
 * small harbours sit in river mouths the 1:10m coast does not open), and a
 * crossing is at least 1 nm of land, so a line grazing a headland is not one.
 */

const BAND_DEGREES = 0.1;
const BANDS = Math.round(180 / BAND_DEGREES);
const STEP_NM = 0.5;
const MAX_SAMPLES = 3000;
const END_MARGIN_NM = 2;
const MIN_LAND_NM = 1;

interface LandIndex {
  /** Every edge as x1, y1, x2, y2, grouped by latitude band (an edge spanning bands is in each). */
  readonly edges: Float32Array;
  /** Band b's edges are edges[start[b] .. start[b + 1]) in units of 4 numbers. */
  readonly start: Uint32Array;
}

let index: LandIndex | null = null;

const bandOf = (latitude: number): number => Math.min(BANDS - 1, Math.max(0, Math.floor((latitude + 90) / BAND_DEGREES)));

/** Two passes over the rings (count per band, then fill), so the index is one typed array built without resizing. */
function buildIndex(): LandIndex {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-10m.json'), 'utf8')) as Topology<{ land: GeometryCollection }>;
  const rings: number[][][] = [];
  for (const item of feature(topology, topology.objects.land).features) {
    const geometry = item.geometry as Polygon | MultiPolygon;
    for (const polygon of geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) rings.push(...polygon);
  }
  const eachEdge = (visit: (band: number, x1: number, y1: number, x2: number, y2: number) => void) => {
    for (const ring of rings) {
      for (let i = 1; i < ring.length; i++) {
        const [x1, y1] = ring[i - 1] as [number, number];
        const [x2, y2] = ring[i] as [number, number];
        if (y1 === y2) continue; // a horizontal edge never crosses a ray to the east
        for (let band = bandOf(Math.min(y1, y2)); band <= bandOf(Math.max(y1, y2)); band++) visit(band, x1, y1, x2, y2);
      }
    }
  };
  const start = new Uint32Array(BANDS + 1);
  eachEdge((band) => {
    start[band + 1] = (start[band + 1] ?? 0) + 1;
  });
  for (let band = 0; band < BANDS; band++) start[band + 1] = (start[band + 1] ?? 0) + (start[band] ?? 0);
  const edges = new Float32Array((start[BANDS] ?? 0) * 4);
  const filled = start.slice(0, BANDS);
  eachEdge((band, x1, y1, x2, y2) => {
    const at = (filled[band] ?? 0) * 4;
    filled[band] = (filled[band] ?? 0) + 1;
    edges[at] = x1;
    edges[at + 1] = y1;
    edges[at + 2] = x2;
    edges[at + 3] = y2;
  });
  return { edges, start };
}

const landIndex = (): LandIndex => (index ??= buildIndex());

/** Loads the coastline now (about half a second), so the first check does not wait for it. */
export function warmLandIndex(): void {
  landIndex();
}

/** Even-odd rule over the edges of the point's latitude band. */
export function isOnLand([longitude, latitude]: Coordinates): boolean {
  const { edges, start } = landIndex();
  const band = bandOf(latitude);
  let inside = false;
  for (let i = (start[band] ?? 0) * 4, end = (start[band + 1] ?? 0) * 4; i < end; i += 4) {
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

const toCoordinates = ([x, y, z]: [number, number, number]): Coordinates => [(Math.atan2(y, x) * 180) / Math.PI, (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI];

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
