#!/usr/bin/env node
// Generates two data files of the sailors-names migration
// (apps/api/src/platform/database/migrations/1766612840000-sailors-names.ts)
// from two curated lists and the ports data:
//
//   scripts/ports/added-harbours.tsv  harbours sailors name that the data lacks
//   scripts/ports/sailing-areas.tsv   names of island nations, archipelagos,
//                                     islands and English or older names, each
//                                     with the harbours it stands for, in order
//   --regions FILE  (optional) Natural Earth 1:10m geography regions as GeoJSON
//                   (ne_10m_geography_regions_polys.json, public domain): every
//                   "ne-group NAME" / "ne-island NAME" source must name one of
//                   its features; its SHA-256 goes into the output's header
//
//   1766612840000-sailors-harbours.tsv  the added harbours, in the ports table
//                                       format (scripts/ports/port-table.mjs)
//   1766612840000-sailing-areas.tsv     one line per (name, harbour): port id,
//                                       priority, name
//
// Run it again when one of those changes, then scripts/generate-port-names.mjs
// (which reads the added harbours too):
//   node scripts/generate-sailing-areas.mjs [--regions ne_10m_geography_regions_polys.json] [--verbose]
// The output is deterministic. Databases that already ran the migration keep
// their rows: new data needs a new migration.
//
// ---------------------------------------------------------------- rules
//
// Added harbours: id "sail-<country>-<name>" like the curated cruising places
// of generate-ports.mjs, type harbour or marina, not major, population 0,
// sailing rank 3 (a curated cruising harbour); shown "Name (Island)"; the
// island and the other names are names it is found by. The region is the
// ports data's (scripts/ports/regions.mjs). A harbour that the ports data
// already has (a row of that country and name within 5 km) fails the run.
// Areas: each harbour is the row of that country whose own name is the one
// given (else whose own name, without the island shown after it, searches
// the same, else one of whose other names does), the one search ranks first when several are; none fails the run.
// Every name of an area (its name and its other spellings) answers each of
// its harbours, with priority n, n-1, ... 1 for its n harbours in order:
// search puts an exact name's higher priority first. No search key may belong
// to two areas; spellings of one area that search the same count once.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatPortTable } from './ports/port-table.mjs';
import { REGIONS, TYPES, regionOf } from './ports/regions.mjs';

const MIGRATION = '1766612840000';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const migrations = path.join(root, 'apps/api/src/platform/database/migrations');
const PORTS_FILE = path.join(migrations, '1764720000000-harbours.tsv');
const ADDED_FILE = path.join(root, 'scripts/ports/added-harbours.tsv');
const AREAS_FILE = path.join(root, 'scripts/ports/sailing-areas.tsv');
const HARBOURS_OUTPUT = path.join(migrations, `${MIGRATION}-sailors-harbours.tsv`);
const AREAS_OUTPUT = path.join(migrations, `${MIGRATION}-sailing-areas.tsv`);
const SAME_PLACE_KM = 5;
const CRUISING_RANK = 3;

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const regionsFile = args.includes('--regions') ? args[args.indexOf('--regions') + 1] : undefined;
if (args.includes('--regions') && !regionsFile) {
  console.error('usage: node scripts/generate-sailing-areas.mjs [--regions ne_10m_geography_regions_polys.json] [--verbose]');
  process.exit(2);
}
const log = (line) => verbose && console.log(line);

// ---------------------------------------------------------------- names

const LETTERS = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };
/** The search key (portSearchName() of the harbours migration, port_search_name() in SQL). */
const searchKey = (name) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþıħ]/g, (c) => LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .trim();

const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LON = 111.32;
const distanceKm = (lon1, lat1, lon2, lat2) => {
  const cos = Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  let dLon = Math.abs(lon1 - lon2);
  if (dLon > 180) dLon = 360 - dLon;
  return Math.hypot(dLon * KM_PER_DEG_LON * cos, (lat1 - lat2) * KM_PER_DEG_LAT);
};

/** Lines of a curated file without comments, each split into exactly `columns` fields. */
const readCurated = (file, columns) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const fields = line.split('\t');
      if (fields.length !== columns) throw new Error(`${path.relative(root, file)}: ${fields.length} fields instead of ${columns} in "${line}"`);
      return fields.map((field) => field.trim());
    });
const list = (field) => (field === '' ? [] : field.split('|').map((item) => item.trim()));

// ---------------------------------------------------------------- ports data

const countries = new Map();
const ports = [];
for (const line of readFileSync(PORTS_FILE, 'utf8').split('\n')) {
  if (line === '' || line.startsWith('#')) continue;
  if (line.startsWith('@country\t')) {
    const [, code, name] = line.split('\t');
    countries.set(code, name);
    continue;
  }
  if (line.startsWith('@')) continue;
  const [id, name, country, , lat, lon, , , major, population, rank, aliases] = line.split('\t');
  ports.push({
    id,
    name,
    country,
    lat: Number(lat),
    lon: Number(lon),
    major: major === '1',
    population: Number(population),
    rank: Number(rank),
    aliasKeys: new Set((aliases ? aliases.split('|') : []).map(searchKey)),
  });
}
const ids = new Set(ports.map((port) => port.id));

// ---------------------------------------------------------------- added harbours

const added = [];
for (const [country, name, lat, lon, type, island, also, source] of readCurated(ADDED_FILE, 8)) {
  const [latitude, longitude] = [Number(lat), Number(lon)];
  if (!countries.has(country)) throw new Error(`added-harbours.tsv: ${name}: country ${country} is not in the ports data`);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new Error(`added-harbours.tsv: ${name}: bad position`);
  if (!TYPES.includes(type) || type === 'commercial_port') throw new Error(`added-harbours.tsv: ${name}: type must be harbour or marina`);
  if (!source) throw new Error(`added-harbours.tsv: ${name}: no source`);
  const region = regionOf(longitude, latitude);
  if (region === null) throw new Error(`added-harbours.tsv: ${name}: in no sailing region`);
  const keys = new Set([name, ...list(also)].map(searchKey));
  const existing = ports.find(
    (port) =>
      port.country === country &&
      (keys.has(searchKey(port.name)) || [...keys].some((key) => port.aliasKeys.has(key))) &&
      distanceKm(longitude, latitude, port.lon, port.lat) <= SAME_PLACE_KM,
  );
  if (existing) throw new Error(`added-harbours.tsv: ${name} is already ${existing.id} ${existing.name}`);
  const id = `sail-${country.toLowerCase()}-${searchKey(name).replace(/ /g, '-')}`;
  if (ids.has(id)) throw new Error(`added-harbours.tsv: id ${id} is taken`);
  ids.add(id);
  const shown = island && !searchKey(name).includes(searchKey(island)) ? `${name} (${island})` : name;
  const aliases = [...new Set([...list(also), ...(island ? [island] : [])])].filter((alias) => searchKey(alias) !== searchKey(shown)).sort();
  const row = {
    id,
    name: shown,
    country,
    lat: latitude,
    lon: longitude,
    region,
    type,
    aliases,
    rank: CRUISING_RANK,
    major: false,
    population: 0,
    aliasKeys: new Set([...aliases, name].map(searchKey)),
  };
  added.push(row);
  ports.push(row);
  log(`added ${id} ${shown} ${region}`);
}

const coordinate = (value) => value.toFixed(5).replace(/\.?0+$/, '');
const harboursTable = formatPortTable({
  comments: [
    'GENERATED by scripts/generate-sailing-areas.mjs: do not edit, run it again.',
    `Source: scripts/ports/added-harbours.tsv (curated). ${added.length} rows.`,
    '',
    'The columns of 1764720000000-harbours.tsv: id, name, country code, city',
    '(empty when it is the name), latitude, longitude, region index, type index,',
    'major (0/1), population, sailing rank (3 curated cruising harbour), other',
    'names separated by "|".',
  ],
  regions: REGIONS,
  types: TYPES,
  countries: Object.fromEntries([...new Set(added.map((row) => row.country))].sort().map((code) => [code, countries.get(code)])),
  rows: added
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((row) =>
      [
        row.id,
        row.name,
        row.country,
        '',
        coordinate(row.lat),
        coordinate(row.lon),
        REGIONS.indexOf(row.region),
        TYPES.indexOf(row.type),
        0,
        0,
        row.rank,
        row.aliases.join('|'),
      ].join('\t'),
    ),
});

// ---------------------------------------------------------------- areas

/** Search order of namesakes: sailing rank, major port, population. */
const searchOrder = (a, b) => b.rank - a.rank || Number(b.major) - Number(a.major) || b.population - a.population || (a.id < b.id ? -1 : 1);
const missing = [];
const resolve = (choice, line) => {
  const match = /^([A-Z]{2}):(.+)$/.exec(choice);
  if (!match) throw new Error(`sailing-areas.tsv: "${choice}" is not CC:name (${line})`);
  const [, country, name] = match;
  const key = searchKey(name);
  const sameCountry = ports.filter((port) => port.country === country);
  for (const test of [(port) => port.name === name, (port) => searchKey(port.name.replace(/\s*\([^)]*\)$/, '')) === key, (port) => port.aliasKeys.has(key)]) {
    const [port] = sameCountry.filter(test).sort(searchOrder);
    if (port) return port;
  }
  missing.push(`${choice} (${line})`);
  return undefined;
};

const regionNames = new Set();
let regionsSha = null;
if (regionsFile) {
  const bytes = readFileSync(regionsFile);
  regionsSha = createHash('sha256').update(bytes).digest('hex');
  for (const feature of JSON.parse(bytes.toString('utf8')).features) regionNames.add(feature.properties.name ?? feature.properties.NAME);
}

const keyOwner = new Map();
const lines = [];
let areas = 0;
for (const [name, also, harbours, source] of readCurated(AREAS_FILE, 4)) {
  if (!source) throw new Error(`sailing-areas.tsv: ${name}: no source`);
  const group = /^ne-(?:group|island) (.+)$/.exec(source);
  if (group && regionsFile && !regionNames.has(group[1])) throw new Error(`sailing-areas.tsv: ${name}: no Natural Earth geography region "${group[1]}"`);
  const resolved = list(harbours).map((choice) => resolve(choice, name));
  if (resolved.includes(undefined)) continue;
  if (resolved.length === 0) throw new Error(`sailing-areas.tsv: ${name}: no harbours`);
  if (new Set(resolved.map((port) => port.id)).size !== resolved.length) throw new Error(`sailing-areas.tsv: ${name}: a harbour twice`);
  areas++;
  for (const spelling of [name, ...list(also)]) {
    const key = searchKey(spelling);
    if (key === '') throw new Error(`sailing-areas.tsv: ${name}: "${spelling}" has nothing to search by`);
    // A spelling that searches the same as an earlier one of the same area adds nothing.
    if (keyOwner.get(key) === name) continue;
    if (keyOwner.has(key)) throw new Error(`sailing-areas.tsv: "${spelling}" (${name}) is also a name of ${keyOwner.get(key)}`);
    keyOwner.set(key, name);
    resolved.forEach((port, index) => lines.push([port.id, resolved.length - index, spelling].join('\t')));
  }
  log(`area ${name}: ${resolved.map((port) => `${port.id} ${port.name}`).join(', ')}`);
}

if (missing.length > 0) throw new Error(`sailing-areas.tsv: no harbour of the ports data is ${missing.join(', ')}`);

const areasFile = [
  '# GENERATED by scripts/generate-sailing-areas.mjs: do not edit, run it again.',
  `# Source: scripts/ports/sailing-areas.tsv (curated; ${areas} names of islands, archipelagos, island nations and harbours)${
    regionsSha ? `,\n# its Natural Earth island groups checked against ne_10m_geography_regions_polys.json (sha256 ${regionsSha})` : ''
  }.`,
  `# ${lines.length} lines: port id, priority (the area's first harbour highest), the name it answers to.`,
  ...lines,
].join('\n');

writeFileSync(HARBOURS_OUTPUT, harboursTable);
writeFileSync(AREAS_OUTPUT, `${areasFile}\n`);
console.log(`${path.relative(root, HARBOURS_OUTPUT)}: ${added.length} harbours; ${path.relative(root, AREAS_OUTPUT)}: ${areas} areas, ${lines.length} names`);
