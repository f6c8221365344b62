import { CUSTOM_SEGMENT_DEFAULTS, greatCircleNm, type PortStop, type Segment } from '@crew/domain';
import { COUNTRY_ALIASES, CROSSING_NM, SAILING_REGIONS, type Area, type Box, type Outline, type SailingRegion } from './sailing-regions';

/** A stop's country as the ports table names it. */
export interface StopCountry {
  /** ISO 3166 alpha-2. */
  readonly code: string;
  readonly name: string;
}

export type CountryOf = (stop: PortStop) => StopCountry | null;

interface Point {
  readonly lon: number;
  readonly lat: number;
}

/** Between two points of a long leg, one sample every this many miles: a line through a sea counts for it. */
const SAMPLE_EVERY_NM = 200;
const MAX_SAMPLES_PER_LEG = 40;

const isBox = (area: Area): area is Box => typeof area[0] === 'number';

function inBox([west, south, east, north]: readonly [number, number, number, number], { lon, lat }: Point): boolean {
  if (lat < south || lat > north) return false;
  return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
}

/** Ray casting: a point on an edge may fall either side, which a coarse outline does not mind. */
function inOutline(outline: readonly (readonly [number, number])[], { lon, lat }: Point): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [xi = 0, yi = 0] = outline[i] ?? [];
    const [xj = 0, yj = 0] = outline[j] ?? [];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** [west, south, east, north] of a set of corners or boxes, west never above east. */
type Bounds = readonly [number, number, number, number];

/**
 * Slack around an outline's bounds for the rounding of the crossing formula
 * (far below a metre): a point further out is outside by ray casting too, so
 * the bounds only skip work and never change an answer.
 */
const BOUNDS_SLACK = 1e-9;

const boundsOfOutline = (outline: Outline): Bounds => {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of outline) [west, south, east, north] = [Math.min(west, x), Math.min(south, y), Math.max(east, x), Math.max(north, y)];
  return [west - BOUNDS_SLACK, south, east + BOUNDS_SLACK, north];
};

const inBounds = ([west, south, east, north]: Bounds, { lon, lat }: Point): boolean => lat >= south && lat <= north && lon >= west && lon <= east;

/**
 * Each region's areas with the bounds of each outline, and the bounds of them
 * all (null when a box crosses the antimeridian): most regions lie far from a
 * given point, and a look at their bounds is enough to say so.
 */
type KnownArea = { readonly box: Box; readonly outline?: undefined } | { readonly box?: undefined; readonly outline: Outline; readonly bounds: Bounds };

const AREAS = new Map(
  SAILING_REGIONS.map((region) => {
    const areas = (region.areas ?? []).map((area): KnownArea => (isBox(area) ? { box: area } : { outline: area, bounds: boundsOfOutline(area) }));
    const corners = areas.map((area) => area.box ?? area.bounds);
    const wraps = areas.some((area) => area.box !== undefined && area.box[0] > area.box[2]);
    const bounds: Bounds | null =
      wraps || corners.length === 0
        ? null
        : [Math.min(...corners.map((b) => b[0])), Math.min(...corners.map((b) => b[1])), Math.max(...corners.map((b) => b[2])), Math.max(...corners.map((b) => b[3]))];
    return [region, { areas, bounds }] as const;
  }),
);

function inAreas(region: SailingRegion, point: Point): boolean {
  const known = AREAS.get(region);
  if (!known) return (region.areas ?? []).some((area) => (isBox(area) ? inBox(area, point) : inOutline(area, point)));
  if (known.bounds && !inBounds(known.bounds, point)) return false;
  return known.areas.some((area) => (area.box !== undefined ? inBox(area.box, point) : inBounds(area.bounds, point) && inOutline(area.outline, point)));
}

/** The world in cells of 10° (by longitude from -180, latitude from -90): each lists the regions with an area that reaches into it. */
const CELL_DEGREES = 10;
const CELL_COLUMNS = 360 / CELL_DEGREES;
const CELL_ROWS = 180 / CELL_DEGREES;
const column = (lon: number): number => Math.min(CELL_COLUMNS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEGREES)));
const row = (lat: number): number => Math.min(CELL_ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));

const REGIONS_BY_CELL: readonly (readonly SailingRegion[])[] = (() => {
  const cells: SailingRegion[][] = Array.from({ length: CELL_COLUMNS * CELL_ROWS }, () => []);
  for (const [region, { areas }] of AREAS) {
    const reached = new Set<number>();
    for (const area of areas) {
      const [west, south, east, north] = area.box ?? area.bounds;
      const spans: [number, number][] =
        west <= east
          ? [[west, east]]
          : [
              [west, 180],
              [-180, east],
            ];
      for (const [from, to] of spans) {
        for (let x = column(from); x <= column(to); x++) for (let y = row(south); y <= row(north); y++) reached.add(y * CELL_COLUMNS + x);
      }
    }
    for (const cell of reached) cells[cell]?.push(region);
  }
  return cells;
})();

/** The regions whose areas may hold the point: those of its cell (all of them for a point off the map's grid). */
const candidatesAt = ({ lon, lat }: Point): readonly SailingRegion[] =>
  lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90
    ? (REGIONS_BY_CELL[row(lat) * CELL_COLUMNS + column(lon)] ?? [])
    : SAILING_REGIONS.filter((region) => (region.areas ?? []).length > 0);

/** Regions without areas, named for a port of one of their countries. */
const REGIONS_BY_COUNTRY = new Map<string, SailingRegion[]>();
for (const region of SAILING_REGIONS) {
  if ((region.areas ?? []).length > 0) continue;
  for (const code of region.countries ?? []) REGIONS_BY_COUNTRY.set(code, [...(REGIONS_BY_COUNTRY.get(code) ?? []), region]);
}

const radians = (degrees: number): number => (degrees * Math.PI) / 180;
const degrees = (value: number): number => (value * 180) / Math.PI;

/** The points of the great circle from `a` to `b`, by the fraction of the way along it (its end points' vectors worked out once). */
function pathOf(a: Point, b: Point): (fraction: number) => Point {
  const toVector = ({ lon, lat }: Point): [number, number, number] => [
    Math.cos(radians(lat)) * Math.cos(radians(lon)),
    Math.cos(radians(lat)) * Math.sin(radians(lon)),
    Math.sin(radians(lat)),
  ];
  const [ax, ay, az] = toVector(a);
  const [bx, by, bz] = toVector(b);
  const angle = Math.acos(Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz)));
  if (angle < 1e-9) return () => a;
  const sine = Math.sin(angle);
  return (fraction) => {
    const wa = Math.sin((1 - fraction) * angle) / sine;
    const wb = Math.sin(fraction * angle) / sine;
    const [x, y, z] = [wa * ax + wb * bx, wa * ay + wb * by, wa * az + wb * bz];
    return { lon: degrees(Math.atan2(y, x)), lat: degrees(Math.atan2(z, Math.hypot(x, y))) };
  };
}

const pointOf = (stop: PortStop): Point | null => (stop.coordinates ? { lon: stop.coordinates[0], lat: stop.coordinates[1] } : null);
const PLACEHOLDER_NAMES = new Set<string>([CUSTOM_SEGMENT_DEFAULTS.departure, CUSTOM_SEGMENT_DEFAULTS.destination]);
const byName = new Map(SAILING_REGIONS.map((region) => [region.name, region]));

/**
 * The places a route passes, as searchable text: the name of every port of
 * every leg, their countries (with the names sailors also use), and the
 * regions of SAILING_REGIONS they lie in, each with its aliases and the
 * larger regions it lies within. A sea or ocean also counts when a leg's
 * line runs through it, and a leg of CROSSING_NM or more whose middle lies in
 * an ocean is a crossing of it ("Atlantic Crossing").
 *
 * Pure: the same legs and countries always give the same text, in route
 * order (ports, then countries), then in the order of SAILING_REGIONS.
 */
export function placesOf(segments: readonly Segment[], countryOf: CountryOf): string {
  const names: string[] = [];
  const seen = new Set<string>();
  const add = (name: string): void => {
    const trimmed = name.trim();
    const key = trimmed.toLowerCase();
    if (trimmed && !seen.has(key)) {
      seen.add(key);
      names.push(trimmed);
    }
  };

  const stops = segments.flatMap((segment) => [segment.departure, segment.arrival]);
  for (const stop of stops) if (!PLACEHOLDER_NAMES.has(stop.name)) add(stop.name);

  const ports: { point: Point; country: StopCountry | null }[] = [];
  for (const stop of stops) {
    const point = pointOf(stop);
    const country = countryOf(stop);
    if (country) {
      add(country.name);
      for (const alias of COUNTRY_ALIASES[country.code] ?? []) add(alias);
    }
    if (point) ports.push({ point, country });
  }

  /** Points along the legs, between their ends: they count for seas only. */
  const passing: Point[] = [];
  const crossings: { middle: Point }[] = [];
  for (const segment of segments) {
    const from = pointOf(segment.departure);
    const to = pointOf(segment.arrival);
    if (!from || !to) continue;
    const distance = greatCircleNm([from.lon, from.lat], [to.lon, to.lat]);
    const samples = Math.min(MAX_SAMPLES_PER_LEG, Math.floor(distance / SAMPLE_EVERY_NM));
    if (samples === 0 && distance < CROSSING_NM) continue;
    const along = pathOf(from, to);
    for (let i = 1; i <= samples; i++) passing.push(along(i / (samples + 1)));
    if (distance >= CROSSING_NM) crossings.push({ middle: along(0.5) });
  }

  const matched = new Set<string>();
  const within = (region: SailingRegion): void => {
    if (matched.has(region.name)) return;
    matched.add(region.name);
    for (const parent of region.within ?? []) {
      const larger = byName.get(parent);
      if (larger) within(larger);
    }
  };
  // Only the regions whose areas come near a point are tried for it (candidatesAt); the order of
  // SAILING_REGIONS is kept where it shows (the names below), so the text is the same as trying them all.
  const hit = new Set<SailingRegion>();
  for (const { point, country } of ports) {
    for (const region of candidatesAt(point)) {
      if (hit.has(region)) continue;
      const countries = region.countries;
      if (inAreas(region, point) && (countries === undefined || country === null || countries.includes(country.code))) hit.add(region);
    }
    if (country) for (const region of REGIONS_BY_COUNTRY.get(country.code) ?? []) hit.add(region);
  }
  for (const point of passing) for (const region of candidatesAt(point)) if (region.sea === true && !hit.has(region) && inAreas(region, point)) hit.add(region);
  for (const region of SAILING_REGIONS) if (hit.has(region)) within(region);

  for (const region of SAILING_REGIONS) {
    if (!matched.has(region.name)) continue;
    add(region.name);
    for (const alias of region.aliases ?? []) add(alias);
  }
  for (const region of SAILING_REGIONS) {
    if (region.crossing && crossings.some(({ middle }) => inAreas(region, middle))) for (const name of region.crossing) add(name);
  }
  return names.join(', ');
}

/** Anything that runs SQL: an EntityManager, a QueryRunner, a DataSource. */
export interface SqlRunner {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * Within about this many degrees of latitude (~33 km) the nearest port gives
 * a point dropped on the map its country.
 */
const NEAREST_PORT_DEGREES = 0.3;

/**
 * The country of each stop, from the ports table: a catalogue port's own,
 * else (a point dropped on the map, or a port the table no longer has) the
 * nearest port's within ~33 km, ties by id. The ports table changes only
 * with a migration, so a rebuild writes the same rows.
 */
export async function countriesOf(db: SqlRunner, stops: readonly PortStop[]): Promise<CountryOf> {
  const portIds = [...new Set(stops.flatMap((stop) => (stop.portId ? [stop.portId] : [])))];
  const byPort = new Map<string, StopCountry>();
  if (portIds.length > 0) {
    const rows = await db.query<{ id: string; code: string; name: string }[]>(
      `SELECT id, country_code AS code, country AS name FROM ports WHERE id = ANY($1::text[]) AND country_code <> ''`,
      [portIds],
    );
    for (const row of rows) byPort.set(row.id, { code: row.code, name: row.name });
  }
  const pointKey = ([lon, lat]: readonly [number, number]): string => `${lon},${lat}`;
  const loose = new Map<string, readonly [number, number]>();
  for (const stop of stops) {
    if (stop.coordinates && !(stop.portId && byPort.has(stop.portId))) loose.set(pointKey(stop.coordinates), stop.coordinates);
  }
  const byPoint = new Map<string, StopCountry>();
  if (loose.size > 0) {
    const points = [...loose.values()];
    const rows = await db.query<{ i: number; code: string; name: string }[]>(
      `SELECT q.i::int AS i, p.country_code AS code, p.country AS name
         FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS q(lon, lat, i)
         CROSS JOIN LATERAL (
           SELECT country_code, country FROM ports
            WHERE country_code <> ''
              AND latitude BETWEEN q.lat - ${NEAREST_PORT_DEGREES} AND q.lat + ${NEAREST_PORT_DEGREES}
              AND longitude BETWEEN q.lon - ${NEAREST_PORT_DEGREES} / greatest(cos(radians(q.lat)), 0.1)
                                AND q.lon + ${NEAREST_PORT_DEGREES} / greatest(cos(radians(q.lat)), 0.1)
            ORDER BY (latitude - q.lat) ^ 2 + ((longitude - q.lon) * cos(radians(q.lat))) ^ 2, id
            LIMIT 1) p`,
      [points.map(([lon]) => lon), points.map(([, lat]) => lat)],
    );
    for (const row of rows) {
      const point = points[row.i - 1];
      if (point) byPoint.set(pointKey(point), { code: row.code, name: row.name });
    }
  }
  return (stop) => (stop.portId ? byPort.get(stop.portId) : undefined) ?? (stop.coordinates ? byPoint.get(pointKey(stop.coordinates)) : undefined) ?? null;
}

/** A voyage's legs, as its events carry them. */
export type Route = readonly Segment[];

/** The places text of each route, its countries read in one or two queries for them all. */
export async function placesOfRoutes(db: SqlRunner, routes: readonly Route[]): Promise<string[]> {
  const countryOf = await countriesOf(
    db,
    routes.flatMap((segments) => segments.flatMap((segment) => [segment.departure, segment.arrival])),
  );
  return routes.map((segments) => placesOf(segments, countryOf));
}
