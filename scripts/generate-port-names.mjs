#!/usr/bin/env node
// Generates apps/api/src/platform/database/migrations/1766612840000-port-names.tsv,
// the names of ports in each of the product's languages that the sailors-names
// migration loads in place of the earlier ones (1766120000000-port-names.tsv,
// which the port-names migration seeded, is this script's earlier output), from
// two sources:
//
//   --natural-earth FILE   Natural Earth 1:10m populated places as GeoJSON
//                          (ne_10m_populated_places.json, public domain; its
//                          SHA-256 goes into the generated file's header): the
//                          names of bigger places in English, French, German and
//                          Spanish (NAME_EN, NAME_FR, NAME_DE, NAME_ES; NAME_IT
//                          too when the file has it)
//   scripts/ports/port-exonyms.tsv   curated exonyms of harbours, islands and
//                          port towns in all five languages, and local names
//
// The ports are those of the ports data (1764720000000-harbours.tsv) and the
// harbours the sailors-names migration adds (1766612840000-sailors-harbours.tsv,
// written by scripts/generate-sailing-areas.mjs: run that one first).
// Run it again when one of those or the ports data changes:
//   node scripts/generate-port-names.mjs --natural-earth ne_10m_populated_places.json [--verbose]
// (--verbose lists every Natural Earth place matched to a port and every name
// kept). The output is deterministic. Databases that already ran the migration
// keep their rows: new data needs a new migration.
//
// ---------------------------------------------------------------- rules
//
// Natural Earth places: matched to a row of the ports data
// (1764720000000-harbours.tsv) of the same country within MATCH_KM whose
// GeoNames id is the place's, or one of whose names (its own, its other names,
// the parts of "X (Y)", "X, Y" and "X / Y") is one of the place's names (any
// language, ASCII or alternate); of several, the row search ranks first (sailing
// rank, major port, population), then the nearest. A row matched by several
// places keeps the most populous one. Curated cruising harbours (sailing rank 3)
// keep their hand-chosen names and take none from Natural Earth.
// A language's name is kept when it is another name than the row's, not the
// row's name with accents dropped or added ("Thessaloniki" for "Thessaloníki"),
// nor its first part ("Funchal" for "Funchal, Madeira"); a trailing
// "(...)" is removed.
// Curated exonyms (port-exonyms.tsv) come last: each names its row by country
// and name (the row search ranks first when several share it; the generator
// fails when none does) and replaces the Natural Earth names it gives; there,
// any name other than the row's own is kept.
// Every name is what the product shows in that language; the row's own name
// shows where a language has none. All of them are searched.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LANGUAGES = ['en', 'fr', 'de', 'es', 'it'];
const MATCH_KM = 20;
const ALIAS_MATCH_KM = 5;
const GEONAMES_MATCH_KM = 50;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const migrations = path.join(root, 'apps/api/src/platform/database/migrations');
const PORTS_FILE = path.join(migrations, '1764720000000-harbours.tsv');
const EXONYMS_FILE = path.join(root, 'scripts/ports/port-exonyms.tsv');
const ADDED_PORTS_FILE = path.join(migrations, '1766612840000-sailors-harbours.tsv');
const OUTPUT_FILE = path.join(migrations, '1766612840000-port-names.tsv');

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const naturalEarthFile = args[args.indexOf('--natural-earth') + 1];
if (!args.includes('--natural-earth') || !naturalEarthFile) {
  console.error('usage: node scripts/generate-port-names.mjs --natural-earth ne_10m_populated_places.json [--verbose]');
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

/** One line of the output may hold no tab or line break; a trailing "(...)" goes. */
const clean = (name) =>
  String(name ?? '')
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The keys a ports row is known by: its names and their parts ("X (Y)", "X, Y", "X / Y"). */
const rowKeys = (names) => {
  const keys = new Set();
  for (const name of names) {
    for (const part of [name, ...name.split(/\s*[(),/]\s*/)]) {
      const key = searchKey(part);
      if (key) keys.add(key);
    }
  }
  return keys;
};

// ---------------------------------------------------------------- geometry

const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LON = 111.32;
const distanceKm = (lon1, lat1, lon2, lat2) => {
  const cos = Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  let dLon = Math.abs(lon1 - lon2);
  if (dLon > 180) dLon = 360 - dLon;
  return Math.hypot(dLon * KM_PER_DEG_LON * cos, (lat1 - lat2) * KM_PER_DEG_LAT);
};

// ---------------------------------------------------------------- ports data

const ports = [];
for (const line of [PORTS_FILE, ADDED_PORTS_FILE].flatMap((file) => readFileSync(file, 'utf8').split('\n'))) {
  if (line === '' || line.startsWith('#') || line.startsWith('@')) continue;
  const [id, name, country, , lat, lon, , , major, population, rank, aliases] = line.split('\t');
  const names = [name, ...(aliases ? aliases.split('|') : [])];
  ports.push({
    id,
    name,
    country,
    lat: Number(lat),
    lon: Number(lon),
    major: major === '1',
    population: Number(population),
    rank: Number(rank),
    ownKeys: rowKeys([name]),
    keys: rowKeys(names),
  });
}
const portsByCountry = new Map();
for (const port of ports) {
  const list = portsByCountry.get(port.country) ?? [];
  list.push(port);
  portsByCountry.set(port.country, list);
}
/** Search order of namesakes: sailing rank, major port, population. */
const searchOrder = (a, b) => b.rank - a.rank || Number(b.major) - Number(a.major) || b.population - a.population || (a.id < b.id ? -1 : 1);

// ---------------------------------------------------------------- Natural Earth

const naturalEarthText = readFileSync(naturalEarthFile);
const naturalEarthSha = createHash('sha256').update(naturalEarthText).digest('hex');
const places = JSON.parse(naturalEarthText.toString('utf8')).features;
const property = (props, name) => props[name] ?? props[name.toLowerCase()] ?? null;

/** port id -> { place, names: { [language]: name } } */
const fromNaturalEarth = new Map();
let placesMatched = 0;
for (const feature of places) {
  const props = feature.properties;
  const country = property(props, 'ISO_A2');
  const [lon, lat] = feature.geometry?.coordinates ?? [property(props, 'LONGITUDE'), property(props, 'LATITUDE')];
  const candidates = portsByCountry.get(country);
  if (!candidates || typeof lon !== 'number' || typeof lat !== 'number') continue;
  const names = Object.fromEntries(LANGUAGES.map((language) => [language, clean(property(props, `NAME_${language.toUpperCase()}`))]));
  const placeKeys = rowKeys(
    [property(props, 'NAME'), property(props, 'NAMEASCII'), property(props, 'GN_ASCII'), ...String(property(props, 'NAMEALT') ?? '').split('|'), ...Object.values(names)].filter(
      (name) => typeof name === 'string' && name !== '',
    ),
  );
  const geonameId = property(props, 'GEONAMEID');
  const matches = candidates
    .map((port) => ({ port, km: distanceKm(lon, lat, port.lon, port.lat) }))
    .filter(
      ({ port, km }) =>
        (geonameId > 0 && port.id === `gn${geonameId}` && km <= GEONAMES_MATCH_KM) ||
        (km <= MATCH_KM && [...port.ownKeys].some((key) => placeKeys.has(key))) ||
        (km <= ALIAS_MATCH_KM && [...port.keys].some((key) => placeKeys.has(key))),
    )
    .sort((a, b) => Number(b.port.id === `gn${geonameId}`) - Number(a.port.id === `gn${geonameId}`) || searchOrder(a.port, b.port) || a.km - b.km);
  const best = matches[0];
  if (!best) continue;
  placesMatched++;
  const population = Number(property(props, 'POP_MAX') ?? 0);
  const earlier = fromNaturalEarth.get(best.port.id);
  if (earlier && earlier.population >= population) continue;
  const englishLabels = new Set([property(props, 'NAME'), property(props, 'NAMEASCII')].filter(Boolean).map(searchKey));
  // English shows the place's English name only where the source's own label (its English name) agrees.
  if (!englishLabels.has(searchKey(names.en))) names.en = '';
  fromNaturalEarth.set(best.port.id, { population, names, place: property(props, 'NAME'), placeKey: searchKey(property(props, 'NAME') ?? '') });
}

// ---------------------------------------------------------------- curated exonyms

const exonyms = [];
for (const line of readFileSync(EXONYMS_FILE, 'utf8').split('\n')) {
  if (line === '' || line.startsWith('#')) continue;
  const fields = line.split('\t');
  if (fields.length !== 3 + LANGUAGES.length) throw new Error(`port-exonyms.tsv: malformed line "${line}"`);
  const [country, name, local, ...languageNames] = fields;
  exonyms.push({ country, name, local, names: Object.fromEntries(LANGUAGES.map((language, i) => [language, languageNames[i]])) });
}
const missing = [];
/** port id -> { local, names } */
const curated = new Map();
for (const entry of exonyms) {
  const sameCountry = portsByCountry.get(entry.country) ?? [];
  const exact = sameCountry.filter((port) => port.name === entry.name);
  const similar = exact.length > 0 ? exact : sameCountry.filter((port) => searchKey(port.name) === searchKey(entry.name));
  const [port] = similar.sort(searchOrder);
  if (!port) {
    missing.push(`${entry.country} ${entry.name}`);
    continue;
  }
  if (curated.has(port.id)) throw new Error(`port-exonyms.tsv: ${entry.country} ${entry.name} names ${port.id} twice`);
  curated.set(port.id, entry);
  log(`curated ${entry.country} ${entry.name} -> ${port.id}`);
}
if (missing.length > 0) throw new Error(`port-exonyms.tsv: no row of the ports data for ${missing.join(', ')}`);

// ---------------------------------------------------------------- merge

/** One name is the other with words before or after it ("Cherbourg-Octeville", "Funchal, Madeira", "Kota Ternate"). */
const longerForm = (a, b) => a !== b && a !== '' && b !== '' && (` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `));
/** An administrative unit's name rather than the town's ("Kabupaten ...", "Amphoe ...", "... County"). */
const ADMINISTRATIVE = /\b(kota|kabupaten|amphoe|county|kuyok|city|town)\b/;
const administrative = (key, own) => ADMINISTRATIVE.test(key) && !ADMINISTRATIVE.test(own);
/** Every language names another place than the one matched (a wrong link in the source: Kuta named "Denpasar"). */
const mislinked = (found) => {
  const keys = new Set(Object.values(found.names).map(searchKey).filter(Boolean));
  const [only] = keys;
  const placeNames = new Set([found.placeKey, ...rowKeys([found.place ?? ''])]);
  return keys.size === 1 && only !== undefined && !placeNames.has(only) && ![...placeNames].some((key) => longerForm(only, key));
};

const rows = [];
const counts = Object.fromEntries(LANGUAGES.map((language) => [language, 0]));
let locals = 0;
for (const port of [...ports].sort((a, b) => (a.id < b.id ? -1 : 1))) {
  const own = searchKey(port.name);
  const names = {};
  const found = port.rank < 3 ? fromNaturalEarth.get(port.id) : undefined;
  if (found && !mislinked(found)) {
    for (const language of LANGUAGES) {
      const name = found.names[language];
      const key = searchKey(name);
      if (key === '' || key === own || longerForm(key, own) || longerForm(key, found.placeKey) || administrative(key, own)) continue;
      names[language] = name;
    }
    if (Object.keys(names).length > 0) log(`natural earth ${found.place} -> ${port.id} ${port.name}: ${JSON.stringify(names)}`);
  }
  const entry = curated.get(port.id);
  for (const language of LANGUAGES) {
    const name = entry?.names[language];
    if (name) {
      if (name === port.name) delete names[language];
      else names[language] = name;
    }
  }
  const local = entry?.local && entry.local !== port.name ? entry.local : '';
  if (!local && Object.keys(names).length === 0) continue;
  if (local) locals++;
  for (const language of Object.keys(names)) counts[language]++;
  rows.push([port.id, local, ...LANGUAGES.map((language) => names[language] ?? '')].join('\t'));
}

const header = [
  'GENERATED by scripts/generate-port-names.mjs: do not edit, run it again.',
  `Sources: Natural Earth 1:10m populated places (public domain; GeoJSON sha256 ${naturalEarthSha}),`,
  `${placesMatched} of its ${places.length} places matched to ports; scripts/ports/port-exonyms.tsv (${exonyms.length} curated places).`,
  `${rows.length} ports; names per language: ${LANGUAGES.map((language) => `${language} ${counts[language]}`).join(', ')}; ${locals} local names.`,
  '',
  'One port per line, tab-separated: port id, its local name (empty when the',
  "port's own name is it), then its name in en, fr, de, es and it (empty: the",
  "port's own name).",
];
writeFileSync(OUTPUT_FILE, `${header.map((line) => (line === '' ? '#' : `# ${line}`)).join('\n')}\n${rows.join('\n')}\n`);
console.log(`${path.relative(root, OUTPUT_FILE)}: ${rows.length} ports; ${LANGUAGES.map((language) => `${language} ${counts[language]}`).join(', ')}; ${locals} local names`);
