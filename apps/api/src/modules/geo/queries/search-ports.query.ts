import { PORT_TYPES, SAILING_REGIONS, type Port, type PortSearchResponse, type SailingRegion } from '@crew/contracts';
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
  ) {}
}

/**
 * Port search in one statement ($1 query text, $2 limit, $3 major only) over
 * port_names: every port's own name and its other names (island, other
 * language, harbour name; see the harbours migration).
 * Tiers, in order: names starting with the text, names with a later word
 * starting with it ("malo" finds Saint-Malo), then trigram-similar names
 * (typos: "Cherbourgh"). Within the first two tiers an exact name comes first,
 * then the sailing rank (a cruising harbour before a port before a coastal
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
  SELECT t, left(t, -1) || chr(ascii(right(t, 1)) + 1) AS after
    FROM (SELECT port_search_name($1) AS t) normalised
), exact AS MATERIALIZED (
  SELECT port_id, 0 AS tier, true AS exact, 1::real AS score,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE search_name = (SELECT t FROM term) AND (SELECT t FROM term) <> '' AND (NOT $3 OR is_major_port)
   GROUP BY port_id
   ORDER BY rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), prominent_prefix AS MATERIALIZED (
  SELECT port_id, 0 AS tier, false AS exact, 1::real AS score,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT t FROM term) <> '' AND (SELECT count(*) FROM exact) < $2 AND (NOT $3 OR is_major_port)
     AND (sailing_rank >= 2 OR is_major_port)
     AND search_name ~>~ (SELECT t FROM term) AND search_name ~<~ (SELECT after FROM term)
     AND port_id NOT IN (SELECT port_id FROM exact)
   GROUP BY port_id
   ORDER BY rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), other_prefix AS MATERIALIZED (
  SELECT port_id, 0 AS tier, false AS exact, 1::real AS score,
         max(sailing_rank) AS rank, false AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT t FROM term) <> '' AND NOT $3 AND (SELECT count(*) FROM exact) + (SELECT count(*) FROM prominent_prefix) < $2
     AND sailing_rank < 2 AND NOT is_major_port
     AND search_name ~>~ (SELECT t FROM term) AND search_name ~<~ (SELECT after FROM term)
     AND port_id NOT IN (SELECT port_id FROM exact UNION ALL SELECT port_id FROM prominent_prefix)
   GROUP BY port_id
   ORDER BY rank DESC, population DESC, port_id
   LIMIT $2
), prefix AS (
  SELECT * FROM exact UNION ALL SELECT * FROM prominent_prefix UNION ALL SELECT * FROM other_prefix
), word_prefix AS MATERIALIZED (
  SELECT port_id, 1 AS tier, false AS exact, 1::real AS score,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT t FROM term) <> '' AND (SELECT count(*) FROM prefix) < $2
     AND search_name LIKE '% ' || (SELECT t FROM term) || '%'
     AND port_id NOT IN (SELECT port_id FROM prefix)
     AND (NOT $3 OR is_major_port)
   GROUP BY port_id
   ORDER BY rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), similar_name AS (
  SELECT port_id, 2 AS tier, false AS exact, max(similarity(search_name, (SELECT t FROM term))) AS score,
         max(sailing_rank) AS rank, bool_or(is_major_port) AS major, max(population) AS population
    FROM port_names
   WHERE (SELECT count(*) FROM prefix) + (SELECT count(*) FROM word_prefix) < $2
     AND search_name % (SELECT t FROM term)
     AND port_id NOT IN (SELECT port_id FROM prefix UNION ALL SELECT port_id FROM word_prefix)
     AND (NOT $3 OR is_major_port)
   GROUP BY port_id
   ORDER BY score DESC, rank DESC, major DESC, population DESC, port_id
   LIMIT $2
), hits AS (
  SELECT * FROM prefix UNION ALL SELECT * FROM word_prefix UNION ALL SELECT * FROM similar_name
)
SELECT p.id, p.name, p.full_name, p.country, p.city, p.latitude, p.longitude, p.sailing_region, p.port_type, p.is_major_port
  FROM hits h JOIN ports p ON p.id = h.port_id
 ORDER BY h.tier, h.exact DESC, h.score DESC, h.rank DESC, h.major DESC, h.population DESC, p.id
 LIMIT $2`;

/** The statement as node-postgres prepares it (by name, once per connection). */
export const SEARCH_PORTS_STATEMENT = { name: 'search-ports-v3', text: SEARCH_PORTS_SQL } as const;

export interface PortRow extends QueryResultRow {
  id: string;
  name: string;
  full_name: string;
  country: string;
  city: string;
  latitude: number;
  longitude: number;
  sailing_region: string;
  port_type: string;
  is_major_port: boolean;
}

const isRegion = (value: string): value is SailingRegion => (SAILING_REGIONS as readonly string[]).includes(value);
const isPortType = (value: string): value is Port['port_type'] => (PORT_TYPES as readonly string[]).includes(value);

@QueryHandler(SearchPorts)
export class SearchPortsHandler implements IQueryHandler<SearchPorts, PortSearchResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute(query: SearchPorts): Promise<PortSearchResponse> {
    // TypeORM's query() cannot name a statement, so this goes to the same pool through its driver.
    const driver = this.dataSource.driver;
    if (!(driver instanceof PostgresDriver)) throw new Error('port search needs the PostgreSQL driver');
    const pool: Pool = driver.master;
    const { rows } = await pool.query<PortRow>({ ...SEARCH_PORTS_STATEMENT, values: [query.q, query.limit, query.majorOnly] });
    return {
      ports: rows.map((row) => {
        // The table's CHECK constraints guarantee both; the guards only narrow the types.
        if (!isRegion(row.sailing_region) || !isPortType(row.port_type)) throw new Error(`ports row ${row.id} has an unknown region or type`);
        return { ...row, sailing_region: row.sailing_region, port_type: row.port_type };
      }),
    };
  }
}
