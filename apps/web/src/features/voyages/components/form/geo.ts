/** [longitude, latitude], as the API stores coordinates. */
export type LonLat = readonly [number, number];

/** Great-circle distance with the earth radius in nautical miles. */
export const EARTH_RADIUS_NM = 3440.065;

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance in nautical miles (unrounded). */
export function greatCircleNm([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface RoutePoint {
  readonly name: string;
  readonly coordinates: LonLat;
}

export interface Leg {
  readonly from: RoutePoint;
  readonly to: RoutePoint;
  /** Rounded per leg, as the server does, so the total matches what it will store. */
  readonly distanceNm: number;
}

/** Consecutive legs between the given points, each rounded; the total is the sum of the rounded legs. */
export function routeLegs(points: readonly RoutePoint[]): { legs: Leg[]; totalNm: number } {
  const legs: Leg[] = [];
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1] as RoutePoint;
    const to = points[i] as RoutePoint;
    legs.push({ from, to, distanceNm: Math.round(greatCircleNm(from.coordinates, to.coordinates)) });
  }
  return { legs, totalNm: legs.reduce((sum, leg) => sum + leg.distanceNm, 0) };
}

/** The preview canvas is 400 by 200 with a margin of 20. */
export const PREVIEW_CANVAS = { width: 400, height: 200, margin: 20 } as const;

/**
 * Projects [lon, lat] points into the canvas box: one scale for both axes so
 * the route keeps its shape, centred, north up. A single point (or several at
 * one place) lands in the centre.
 */
export function projectToBox(points: readonly LonLat[], box: { width: number; height: number; margin: number } = PREVIEW_CANVAS): { x: number; y: number }[] {
  if (points.length === 0) return [];
  const lons = points.map(([lon]) => lon);
  const lats = points.map(([, lat]) => lat);
  const minLon = Math.min(...lons);
  const maxLon = Math.max(...lons);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const innerWidth = box.width - 2 * box.margin;
  const innerHeight = box.height - 2 * box.margin;
  const spanLon = maxLon - minLon;
  const spanLat = maxLat - minLat;
  const scale = spanLon === 0 && spanLat === 0 ? 0 : Math.min(spanLon ? innerWidth / spanLon : Infinity, spanLat ? innerHeight / spanLat : Infinity);
  const offsetX = box.margin + (innerWidth - spanLon * scale) / 2;
  const offsetY = box.margin + (innerHeight - spanLat * scale) / 2;
  return points.map(([lon, lat]) => ({ x: offsetX + (lon - minLon) * scale, y: offsetY + (maxLat - lat) * scale }));
}
