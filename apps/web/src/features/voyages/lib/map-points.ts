/*
 * Browse map geometry that needs no Leaflet: which view to ask the server for
 * (it clusters the voyages), cluster bubble sizes, world outline rings.
 */
import type { MapView } from './browse-filters';

/** Up to this zoom the answer covers the whole world: small at these zooms, and panning then never asks again. */
export const WORLD_VIEW_MAX_ZOOM = 4;

type Bounds = readonly [west: number, south: number, east: number, north: number];

const covers = (outer: Bounds, inner: Bounds): boolean => outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

/**
 * The view to fetch for a map at `zoom` showing `bounds` (Leaflet's, which may
 * pass ±180° on wrapped copies of the world): `current` when it still covers
 * them, else the visible area grown by half its size on every side, so small
 * pans need no new request. The bbox sent is normalised (west > east across
 * the antimeridian) and rounded outward.
 */
export function nextMapView(current: MapView, zoom: number, bounds: Bounds): MapView {
  if (zoom <= WORLD_VIEW_MAX_ZOOM) return current.zoom === zoom && current.bbox === null ? current : { zoom, bbox: null };
  if (current.zoom === zoom && current.covers && covers(current.covers, bounds)) return current;
  const [west, south, east, north] = bounds;
  const width = east - west;
  const height = north - south;
  const padded: Bounds = [west - width / 2, Math.max(-90, south - height / 2), east + width / 2, Math.min(90, north + height / 2)];
  if (padded[2] - padded[0] >= 360) return { zoom, bbox: null };
  const wrappedWest = ((((padded[0] + 180) % 360) + 360) % 360) - 180;
  let wrappedEast = wrappedWest + (padded[2] - padded[0]);
  if (wrappedEast > 180) wrappedEast -= 360;
  const down = (value: number) => String(Math.floor(value * 100) / 100);
  const up = (value: number) => String(Math.ceil(value * 100) / 100);
  const bbox = [down(wrappedWest), down(padded[1]), up(wrappedEast), up(padded[3])].join(',');
  return { zoom, bbox, covers: padded };
}

/**
 * The area a map shows, as a saved search keeps it: [west, south, east, north]
 * in range, west above east when the view lies across the 180° meridian,
 * rounded to four decimals; null when the view spans the whole world (no area).
 */
export function visibleArea([west, south, east, north]: Bounds): [number, number, number, number] | null {
  if (east - west >= 360) return null;
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  const wrap = (value: number) => round(((((value + 180) % 360) + 360) % 360) - 180);
  const area: [number, number, number, number] = [wrap(west), round(Math.max(-90, south)), wrap(east), round(Math.min(90, north))];
  // An east edge on the meridian itself is 180°, not -180°.
  if (area[2] === -180) area[2] = 180;
  return area[0] === area[2] || area[1] >= area[3] ? null : area;
}

/** Bubble size for a cluster of `count` voyages: at least 44 px, a comfortable finger tap, growing with the order of magnitude. */
export const clusterSize = (count: number): number => (count < 100 ? 44 : count < 1000 ? 50 : 56);

/** "1.2k" style counts so five-figure clusters still fit their bubble. */
export const shortCount = (count: number): string => (count < 1000 ? String(count) : `${Math.round(count / 100) / 10}k`.replace('.0k', 'k'));

/**
 * A ring of [lon, lat] made continuous across the antimeridian (Russia, Fiji):
 * without it the renderer joins 179.9° to -179.9° with a line across the world.
 */
export function unwrapRing(ring: readonly (readonly number[])[]): number[][] {
  let previous: number | null = null;
  return ring.map(([lonRaw = 0, lat = 0]) => {
    let lon = lonRaw;
    if (previous !== null) {
      while (lon - previous > 180) lon -= 360;
      while (lon - previous < -180) lon += 360;
    }
    previous = lon;
    return [lon, lat];
  });
}

/** A single voyage's marker is a 44 px target. */
const MARKER_SIZE = 44;

/** A cluster as drawn: where, how many, and the zoom that splits it. */
export interface DrawnCluster {
  readonly coordinates: readonly [lon: number, lat: number];
  readonly count: number;
  readonly expansion_zoom: number;
}

/**
 * Clusters whose bubbles would overlap on screen (centres closer than
 * half their sizes together) drawn as one: an overlapped bubble is a target too small
 * to tap. Bigger clusters keep their place and absorb their smaller
 * neighbours, and single voyages under a bubble, which split out again one
 * zoom in. `project` gives a point's position in screen pixels at the
 * current zoom. Markers are left as they are where nothing covers them.
 */
export function mergeOverlapping<P extends { readonly coordinates: readonly [number, number] }>(
  clusters: readonly DrawnCluster[],
  points: readonly P[],
  project: (coordinates: readonly [number, number]) => { x: number; y: number },
): { clusters: DrawnCluster[]; points: P[] } {
  const placed: { cluster: DrawnCluster; x: number; y: number }[] = [];
  for (const cluster of [...clusters].sort((a, b) => b.count - a.count)) {
    const { x, y } = project(cluster.coordinates);
    const size = clusterSize(cluster.count);
    const host = placed.find((other) => Math.hypot(other.x - x, other.y - y) < (size + clusterSize(other.cluster.count)) / 2);
    if (!host) {
      placed.push({ cluster, x, y });
      continue;
    }
    host.cluster = { ...host.cluster, count: host.cluster.count + cluster.count, expansion_zoom: Math.min(host.cluster.expansion_zoom, cluster.expansion_zoom) };
  }
  const kept: P[] = [];
  for (const point of points) {
    const { x, y } = project(point.coordinates);
    const host = placed.find((other) => Math.hypot(other.x - x, other.y - y) < (MARKER_SIZE + clusterSize(other.cluster.count)) / 2);
    if (host) host.cluster = { ...host.cluster, count: host.cluster.count + 1 };
    else kept.push(point);
  }
  return { clusters: placed.map(({ cluster }) => cluster), points: kept };
}
