import { PORT_TYPES, SAILING_REGIONS, type Port, type PortSearchResponse, type SailingRegion } from '@crew/contracts';
import { SOURCE_LOCALE, type Locale } from '@crew/rules';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DATA_SOURCE } from '../../../platform/tokens';

export class SearchPorts {
  constructor(
    readonly q: string,
    readonly limit: number,
    readonly majorOnly: boolean,
    /** The language the answers are named in. */
    readonly locale: Locale = SOURCE_LOCALE,
  ) {}
}

/**
 * An area's names (an island nation, an archipelago, an island: see the
 * sailors-names migration) match as a prefix or a similar spelling only from
 * this many letters on, so that "Ma" lists harbours named Ma..., not Palma for
 * "Mallorca"; typed whole, they always match. A later word of an area's name
 * is no match ("malo" is not the Falklands' "Îles Malouines").
 */
export const AREA_PREFIX_LENGTH = 4;

/**
 * Port search in one statement ($1 query text, $2 limit, $3 major only, $4
 * the answer's language) over port_names: every port's own name, its other
 * names (island, other language, harbour name; see the harbours migration),
 * its local name and its name in each of the product's languages (the
 * port-names migration), so "Korfu" finds Corfu whatever the language asked.
 * Each answer is named as in $4 (its own name where that language has none).
 * Tiers, in order: names starting with the text, names with a later word
 * starting with it ("malo" finds Saint-Malo), then trigram-similar names
 * (typos: "Cherbourgh"). Within the first two tiers an exact name comes first
 * (of several ports with that exact name, those it names as an area's
 * harbours first, in the area's order: "Azores" answers Ponta Delgada, then
 * Horta, before any other place of that name), then the sailing rank (a cruising harbour before a port before a coastal
 * town before one a little inland), then major ports, then bigger places; the
 * similar tier puts the closer spelling first. A port found by several of its
 * names counts once. A tier runs only while the tiers before it have not
 * filled the limit, which keeps two-letter queries (thousands of similar
 * names) cheap; text that normalises to nothing ("--") matches nothing. The
 * first tier reads exact names, then the prominent names (ports, cruising
 * harbours, major places: a partial index), then the rest only if the page is
 * not full yet, so a two-letter prefix sorts hundreds of names, not thousands.
 *
 * It runs as a named prepared statement, planned once per connection: planning
 * this statement costs more than running it. So the term is computed once at
 * run time (port_search_name(), see the ports migration, normalises it like the
 * stored search_name), and "starts with" is written as the byte range
 * [term, term with its last character bumped), which the text_pattern_ops
 * btree can serve with a run-time value (LIKE 'x%' needs a plan-time constant).
 */
export const SEARCH_PORTS_SQL = `
WITH term AS MATERIALIZED (
  SELECT t, left(t, -1) || chr(ascii(right(t, 1)) + 1) AS after, length(t) >= ${AREA_PREFIX_LENGTH} AS areas
    FROM (SELECT port_search_name($1) AS t) normalised
), exact AS MATERIALIZED (
  SELECT port_id, 0 AS tier, true AS exact, 1::real AS score, max(priority) AS priority,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE search_name = (SELECT t FROM term) AND (SELECT t FROM term) <> '' AND (NOT $3 OR is_major_port)
   GROUP BY port_id
   ORDER BY priority DESC, rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), prominent_prefix AS MATERIALIZED (
  SELECT port_id, 0 AS tier, false AS exact, 1::real AS score, 0 AS priority,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT t FROM term) <> '' AND (SELECT count(*) FROM exact) < $2 AND (NOT $3 OR is_major_port)
     AND (sailing_rank >= 2 OR is_major_port)
     AND search_name ~>~ (SELECT t FROM term) AND search_name ~<~ (SELECT after FROM term)
     AND (priority = 0 OR (SELECT areas FROM term))
     AND port_id NOT IN (SELECT port_id FROM exact)
   GROUP BY port_id
   ORDER BY rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), other_prefix AS MATERIALIZED (
  SELECT port_id, 0 AS tier, false AS exact, 1::real AS score, 0 AS priority,
         max(sailing_rank) AS rank, false AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT t FROM term) <> '' AND NOT $3 AND (SELECT count(*) FROM exact) + (SELECT count(*) FROM prominent_prefix) < $2
     AND sailing_rank < 2 AND NOT is_major_port
     AND search_name ~>~ (SELECT t FROM term) AND search_name ~<~ (SELECT after FROM term)
     AND (priority = 0 OR (SELECT areas FROM term))
     AND port_id NOT IN (SELECT port_id FROM exact UNION ALL SELECT port_id FROM prominent_prefix)
   GROUP BY port_id
   ORDER BY rank DESC, population DESC, port_id
   LIMIT $2
), prefix AS (
  SELECT * FROM exact UNION ALL SELECT * FROM prominent_prefix UNION ALL SELECT * FROM other_prefix
), word_prefix AS MATERIALIZED (
  SELECT port_id, 1 AS tier, false AS exact, 1::real AS score, 0 AS priority,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT t FROM term) <> '' AND (SELECT count(*) FROM prefix) < $2
     AND search_name LIKE '% ' || (SELECT t FROM term) || '%'
     AND priority = 0
     AND port_id NOT IN (SELECT port_id FROM prefix)
     AND (NOT $3 OR is_major_port)
   GROUP BY port_id
   ORDER BY rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), similar_name AS (
  SELECT port_id, 2 AS tier, false AS exact, max(similarity(search_name, (SELECT t FROM term))) AS score, 0 AS priority,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT count(*) FROM prefix) + (SELECT count(*) FROM word_prefix) < $2
     AND search_name % (SELECT t FROM term)
     AND (priority = 0 OR (SELECT areas FROM term))
     AND port_id NOT IN (SELECT port_id FROM prefix UNION ALL SELECT port_id FROM word_prefix)
     AND (NOT $3 OR is_major_port)
   GROUP BY port_id
   ORDER BY score DESC, rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), hits AS (
  SELECT * FROM prefix UNION ALL SELECT * FROM word_prefix UNION ALL SELECT * FROM similar_name
)
SELECT p.id, coalesce(shown.name, p.name) AS name, coalesce(p.local_name, p.name) AS local_name, p.name AS own_name,
       p.country, p.country_code, p.city, p.latitude, p.longitude, p.sailing_region, p.port_type, p.is_major_port
  FROM hits h JOIN ports p ON p.id = h.port_id
  LEFT JOIN port_names shown ON shown.port_id = p.id AND shown.locale = $4
 ORDER BY h.tier, h.exact DESC, h.priority DESC, h.score DESC, h.rank DESC, h.major DESC, h.population DESC, p.id
 LIMIT $2`;

/** The statement as node-postgres prepares it (by name, once per connection). */
export const SEARCH_PORTS_STATEMENT = { name: 'search-ports-v5', text: SEARCH_PORTS_SQL } as const;

export interface PortRow extends QueryResultRow {
  id: string;
  /** The name in the asked language, or the port's own name. */
  name: string;
  local_name: string;
  own_name: string;
  /** In English, as the data names it; country_code names it in other languages. */
  country: string;
  country_code: string;
  city: string;
  latitude: number;
  longitude: number;
  sailing_region: string;
  port_type: string;
  is_major_port: boolean;
}

const isRegion = (value: string): value is SailingRegion => (SAILING_REGIONS as readonly string[]).includes(value);
const isPortType = (value: string): value is Port['port_type'] => (PORT_TYPES as readonly string[]).includes(value);

const regionNames = new Map<Locale, Intl.DisplayNames>();
/**
 * The country's name in the language (the platform's Intl region names); in
 * English the data's own (full_name has always used it), and the data's where
 * the platform knows no name for the code.
 */
export const countryName = (code: string, english: string, locale: Locale): string => {
  if (locale === SOURCE_LOCALE) return english;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code) ?? english;
  } catch {
    // A code Intl does not take (not two letters): the English name.
    return english;
  }
};

/** A search answer in the language: its name there, the local name where it differs, the country in that language. */
export const portInLocale = (row: PortRow, locale: Locale): Port => {
  // The table's CHECK constraints guarantee both; the guards only narrow the types.
  if (!isRegion(row.sailing_region) || !isPortType(row.port_type)) throw new Error(`ports row ${row.id} has an unknown region or type`);
  const country = countryName(row.country_code, row.country, locale);
  return {
    id: row.id,
    name: row.name,
    local_name: row.local_name === row.name ? null : row.local_name,
    full_name: `${row.name}, ${country}`,
    country,
    // The city is the port's own name unless the data names another town.
    city: row.city === row.own_name ? row.name : row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    sailing_region: row.sailing_region,
    port_type: row.port_type,
    is_major_port: row.is_major_port,
  };
};

@QueryHandler(SearchPorts)
export class SearchPortsHandler implements IQueryHandler<SearchPorts, PortSearchResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(query: SearchPorts): Promise<PortSearchResponse> {
    // TypeORM's query() cannot name a statement, so this goes to the same pool through its driver.
    const driver = this.dataSource.driver;
    if (!(driver instanceof PostgresDriver)) throw new Error('port search needs the PostgreSQL driver');
    const pool: Pool = driver.master;
    const { rows } = await pool.query<PortRow>({ ...SEARCH_PORTS_STATEMENT, values: [query.q, query.limit, query.majorOnly, query.locale] });
    return { ports: rows.map((row) => portInLocale(row, query.locale)) };
  }
}
