/*
 * Geometry of the offline world map, without Leaflet: it runs in the map's Web
 * Worker (decoding Natural Earth, cutting out what a view shows) and its flat
 * answers are turned into Leaflet's nested arrays on the page.
 */

/** A ring of [lon, lat] points. */
export type Ring = number[][];
/** An outer ring, then its holes. */
export type PolygonRings = Ring[];
/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number];

/**
 * Polygons in three typed arrays, so the worker hands them over without copying:
 * `coords` holds lon, lat pairs; `rings[i]` is where ring i ends (in points);
 * `polygons[j]` is where polygon j ends (in rings).
 */
export interface FlatShapes {
  readonly coords: Float64Array;
  readonly rings: Uint32Array;
  readonly polygons: Uint32Array;
}

export function flatten(polygons: readonly PolygonRings[]): FlatShapes {
  let points = 0;
  let ringCount = 0;
  for (const polygon of polygons) {
    ringCount += polygon.length;
    for (const ring of polygon) points += ring.length;
  }
  const coords = new Float64Array(points * 2);
  const rings = new Uint32Array(ringCount);
  const ends = new Uint32Array(polygons.length);
  let point = 0;
  let ringIndex = 0;
  polygons.forEach((polygon, polygonIndex) => {
    for (const ring of polygon) {
      for (const [lon = 0, lat = 0] of ring) {
        coords[point * 2] = lon;
        coords[point * 2 + 1] = lat;
        point++;
      }
      rings[ringIndex++] = point;
    }
    ends[polygonIndex] = ringIndex;
  });
  return { coords, rings, polygons: ends };
}

/** Leaflet's multi-polygon form: polygons of rings of [lat, lon]. */
export function toLatLngs({ coords, rings, polygons }: FlatShapes): [number, number][][][] {
  const out: [number, number][][][] = [];
  let ringStart = 0;
  let pointStart = 0;
  for (const ringEnd of polygons) {
    const polygon: [number, number][][] = [];
    for (let r = ringStart; r < ringEnd; r++) {
      const pointEnd = rings[r] ?? pointStart;
      const ring: [number, number][] = new Array(pointEnd - pointStart);
      for (let p = pointStart; p < pointEnd; p++) ring[p - pointStart] = [coords[p * 2 + 1] ?? 0, coords[p * 2] ?? 0];
      polygon.push(ring);
      pointStart = pointEnd;
    }
    ringStart = ringEnd;
    out.push(polygon);
  }
  return out;
}

export const ringBox = (ring: Ring): Box => {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon = 0, lat = 0] of ring) {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
};

/**
 * Sutherland–Hodgman: the part of a ring inside the box (edges along the box
 * where the ring ran outside). A ring wholly outside comes back empty.
 */
export function clipRing(ring: Ring, [west, south, east, north]: Box): Ring {
  type Edge = { inside: (p: number[]) => boolean; cross: (a: number[], b: number[]) => number[] };
  const atLon = (lon: number) => (a: number[], b: number[]) => {
    const [ax = 0, ay = 0] = a;
    const [bx = 0, by = 0] = b;
    return [lon, ay + ((by - ay) * (lon - ax)) / (bx - ax)];
  };
  const atLat = (lat: number) => (a: number[], b: number[]) => {
    const [ax = 0, ay = 0] = a;
    const [bx = 0, by = 0] = b;
    return [ax + ((bx - ax) * (lat - ay)) / (by - ay), lat];
  };
  const edges: Edge[] = [
    { inside: (p) => (p[0] ?? 0) >= west, cross: atLon(west) },
    { inside: (p) => (p[0] ?? 0) <= east, cross: atLon(east) },
    { inside: (p) => (p[1] ?? 0) >= south, cross: atLat(south) },
    { inside: (p) => (p[1] ?? 0) <= north, cross: atLat(north) },
  ];
  let output = ring;
  for (const { inside, cross } of edges) {
    const input = output;
    output = [];
    const count = input.length;
    for (let i = 0; i < count; i++) {
      const current = input[i] ?? [];
      const previous = input[(i + count - 1) % count] ?? [];
      if (inside(current)) {
        if (!inside(previous)) output.push(cross(previous, current));
        output.push(current);
      } else if (inside(previous)) output.push(cross(previous, current));
    }
    if (output.length === 0) break;
  }
  return output;
}

/**
 * Douglas–Peucker: drops points that stray less than `tolerance` degrees from
 * the line the ring keeps, so a view gets no more detail than it can show.
 */
export function simplifyRing(ring: Ring, tolerance: number): Ring {
  const count = ring.length;
  if (count <= 4 || tolerance <= 0) return ring;
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  const squared = tolerance * tolerance;
  const stack: number[] = [0, count - 1];
  while (stack.length > 0) {
    const last = stack.pop() ?? 0;
    const first = stack.pop() ?? 0;
    const [ax = 0, ay = 0] = ring[first] ?? [];
    const [bx = 0, by = 0] = ring[last] ?? [];
    const dx = bx - ax;
    const dy = by - ay;
    const length = dx * dx + dy * dy;
    let farthest = -1;
    let farthestDistance = squared;
    for (let i = first + 1; i < last; i++) {
      const [px = 0, py = 0] = ring[i] ?? [];
      let t = length === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / length;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const ex = px - (ax + t * dx);
      const ey = py - (ay + t * dy);
      const distance = ex * ex + ey * ey;
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push(first, farthest, farthest, last);
    }
  }
  return ring.filter((_, i) => keep[i] === 1);
}

export interface BoxedPolygon {
  readonly rings: PolygonRings;
  /** The outer ring's box. */
  readonly box: Box;
}

export const boxPolygons = (polygons: readonly PolygonRings[]): BoxedPolygon[] =>
  polygons.filter((rings) => (rings[0]?.length ?? 0) > 0).map((rings) => ({ rings, box: ringBox(rings[0] ?? []) }));

/**
 * The land of `area` (Leaflet's bounds, which may pass ±180° on the copies of
 * the world either side): each polygon that overlaps it, at its own longitude
 * or one turn either way, cut to the area and simplified to `tolerance`.
 */
export function landInArea(polygons: readonly BoxedPolygon[], area: Box, tolerance: number): PolygonRings[] {
  const [west, south, east, north] = area;
  const out: PolygonRings[] = [];
  for (const { rings, box } of polygons) {
    if (box[1] > north || box[3] < south) continue;
    for (const turn of [-360, 0, 360]) {
      if (box[0] + turn > east || box[2] + turn < west) continue;
      const inside = box[0] + turn >= west && box[2] + turn <= east && box[1] >= south && box[3] <= north;
      const cut: PolygonRings = [];
      for (const ring of rings) {
        const shifted = turn === 0 ? ring : ring.map(([lon = 0, lat = 0]) => [lon + turn, lat]);
        const clipped = simplifyRing(inside ? shifted : clipRing(shifted, area), tolerance);
        if (clipped.length >= 3) cut.push(clipped);
        else if (cut.length === 0) break; // no outer ring left: its holes mean nothing
      }
      if (cut.length > 0) out.push(cut);
    }
  }
  return out;
}

/** Half a screen pixel at `zoom` in degrees of longitude (256 px tiles), the detail a view can show. */
export const toleranceAt = (zoom: number): number => 360 / (256 * 2 ** zoom) / 2;
