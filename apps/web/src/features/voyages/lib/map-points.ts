/*
 * Browse map geometry that needs no Leaflet: spreading voyages that share a
 * departure point (spec section 9: rings of 6, 0.5° per ring) so each stays
 * clickable, before they are clustered.
 */

export const RING_SIZE = 6;
export const RING_STEP_DEGREES = 0.5;

/** [longitude, latitude], as the API sends coordinates. */
export type LonLat = readonly [number, number];

const key = ([lon, lat]: LonLat) => `${lon.toFixed(6)},${lat.toFixed(6)}`;

/**
 * The first voyage at a spot keeps the true position; the others sit around it,
 * six to a ring, each ring 0.5° further out. Input order decides who goes where,
 * so a refetch of the same data gives the same layout.
 */
export function offsetIdenticalCoordinates<T extends { readonly coordinates: LonLat }>(points: readonly T[]): (T & { readonly position: LonLat })[] {
  const seen = new Map<string, number>();
  return points.map((point) => {
    const spot = key(point.coordinates);
    const index = seen.get(spot) ?? 0;
    seen.set(spot, index + 1);
    if (index === 0) return { ...point, position: point.coordinates };
    const ring = Math.floor((index - 1) / RING_SIZE) + 1;
    const angle = (((index - 1) % RING_SIZE) / RING_SIZE) * 2 * Math.PI;
    const radius = ring * RING_STEP_DEGREES;
    const [lon, lat] = point.coordinates;
    const offsetLat = Math.max(-85, Math.min(85, lat + radius * Math.sin(angle)));
    let offsetLon = lon + radius * Math.cos(angle);
    if (offsetLon > 180) offsetLon -= 360;
    if (offsetLon < -180) offsetLon += 360;
    return { ...point, position: [offsetLon, offsetLat] as const };
  });
}

/** Bubble size for a cluster of `count` voyages: grows with the order of magnitude. */
export const clusterSize = (count: number): number => (count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56);

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
