import type { MigrationInterface, QueryRunner } from 'typeorm';
import { readPortTable, type PortTable } from './1764300000000-ports.data';

/**
 * Harbours sailors use: reloads the ports table from 1764720000000-harbours.tsv
 * beside this file, the rows that scripts/generate-ports.mjs derives from
 * sea-ports, GeoNames, the NGA World Port Index and the curated cruising
 * harbours (rules in that script), and adds the names search compares against.
 *
 * Voyage events keep the port ids they were planned with, so no id goes away:
 * a row of the earlier data that the new data no longer holds (a town that
 * turned out to be a port's other-language name, Naples/Napoli) stays in the
 * table, unlisted, and resolves as before; rows of the same place keep their id.
 *
 * port_names holds one row per name a port is found by: its own name and its
 * other names (island, other language, harbour name), normalised by
 * port_search_name() and carrying the ranking columns so search reads one
 * table. sailing_rank ranks namesakes: 3 a cruising harbour, 2 a port, 1 a
 * coastal town, 0 a town a little inland.
 */
export class Harbours1764720000000 implements MigrationInterface {
  name = 'Harbours1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Search moves to port_names; the generated search_name column (costly to
    // compute row by row in SQL) goes, and the seed computes the same key in
    // TypeScript (portSearchName below, checked against port_search_name() by the tests).
    await queryRunner.query(`
      DROP INDEX IF EXISTS ports_search_name_prefix_idx, ports_major_search_name_prefix_idx, ports_search_name_trgm_idx;
      ALTER TABLE ports
        DROP COLUMN search_name,
        ADD COLUMN sailing_rank smallint NOT NULL DEFAULT 0 CHECK (sailing_rank BETWEEN 0 AND 3),
        ADD COLUMN listed boolean NOT NULL DEFAULT true;
    `);

    const rows = parseRows(readPortTable('1764720000000-harbours.tsv'));
    await queryRunner.query('DELETE FROM ports WHERE id = ANY($1::text[])', [rows.id]);
    // What is left is what the new data no longer holds: kept so old voyages resolve, but unlisted.
    await queryRunner.query('UPDATE ports SET listed = false');
    await queryRunner.query(
      `INSERT INTO ports (id, name, full_name, country, country_code, city, latitude, longitude, sailing_region, port_type, is_major_port, population, sailing_rank)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                            $7::float8[], $8::float8[], $9::text[], $10::text[], $11::boolean[], $12::int[], $13::smallint[])`,
      [rows.id, rows.name, rows.fullName, rows.country, rows.countryCode, rows.city, rows.latitude, rows.longitude, rows.region, rows.type, rows.major, rows.population, rows.rank],
    );

    await queryRunner.query(`
      -- Written only by this seed (each key once per port, see parseRows), so no
      -- primary or foreign key to check row by row: the seed stays fast.
      CREATE TABLE port_names (
        port_id text NOT NULL,
        name text NOT NULL,
        search_name text NOT NULL CHECK (search_name <> ''),
        is_major_port boolean NOT NULL,
        sailing_rank smallint NOT NULL,
        population integer NOT NULL
      );
    `);
    const names = rows.names;
    await queryRunner.query(
      `INSERT INTO port_names (port_id, name, search_name, is_major_port, sailing_rank, population)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::smallint[], $6::int[])`,
      [names.portId, names.name, names.searchName, names.major, names.rank, names.population],
    );
    // Built after the inserts. The btree serves "starts with" (a byte range, see
    // the search query), the trigram index word starts and similar spellings.
    await queryRunner.query(`
      CREATE INDEX port_names_prefix_idx ON port_names (search_name text_pattern_ops);
      CREATE INDEX port_names_prominent_prefix_idx ON port_names (search_name text_pattern_ops) WHERE sailing_rank >= 2 OR is_major_port;
      CREATE INDEX port_names_trgm_idx ON port_names USING gin (search_name gin_trgm_ops);
      ANALYZE port_names;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The earlier rows are not restored (that would replay the earlier data); search by name works again.
    await queryRunner.query(`
      DROP TABLE port_names;
      ALTER TABLE ports
        DROP COLUMN sailing_rank,
        DROP COLUMN listed,
        ADD COLUMN search_name text GENERATED ALWAYS AS (port_search_name(name)) STORED;
      CREATE INDEX ports_search_name_prefix_idx ON ports (search_name text_pattern_ops);
      CREATE INDEX ports_major_search_name_prefix_idx ON ports (search_name text_pattern_ops) WHERE is_major_port;
      CREATE INDEX ports_search_name_trgm_idx ON ports USING gin (search_name gin_trgm_ops);
    `);
  }
}

const LETTERS: Readonly<Record<string, string>> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h' };

/**
 * port_search_name() of the ports migration, in TypeScript: lower case, no
 * accents or punctuation, "St"/"Ste" read as "Saint"/"Sainte". Seeding with it
 * is several times faster than calling the SQL function per row; the tests
 * check that both give the same key for every stored name.
 */
export const portSearchName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþıħ]/g, (c) => LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .trim();

interface PortNameColumns {
  portId: string[];
  name: string[];
  searchName: string[];
  major: boolean[];
  rank: number[];
  population: number[];
}

interface HarbourColumns {
  id: string[];
  name: string[];
  fullName: string[];
  country: string[];
  countryCode: string[];
  city: string[];
  latitude: number[];
  longitude: number[];
  region: string[];
  type: string[];
  major: boolean[];
  population: number[];
  rank: number[];
  names: PortNameColumns;
}

/** Turns the generated tab-separated rows into one array per column (the shape unnest() takes). */
export const parseRows = (table: PortTable): HarbourColumns => {
  const columns: HarbourColumns = {
    id: [],
    name: [],
    fullName: [],
    country: [],
    countryCode: [],
    city: [],
    latitude: [],
    longitude: [],
    region: [],
    type: [],
    major: [],
    population: [],
    rank: [],
    names: { portId: [], name: [], searchName: [], major: [], rank: [], population: [] },
  };
  for (const line of table.rows) {
    const [id, name, code, city, latitude, longitude, region, type, major, population, rank, aliases] = line.split('\t');
    const country = code === undefined ? undefined : table.countries.get(code);
    const regionName = table.regions[Number(region)];
    const typeName = table.types[Number(type)];
    if (!id || !name || !code || !country || regionName === undefined || typeName === undefined || aliases === undefined) {
      throw new Error(`harbours seed: malformed row "${line.slice(0, 80)}"`);
    }
    columns.id.push(id);
    columns.name.push(name);
    columns.fullName.push(`${name}, ${country}`);
    columns.country.push(country);
    columns.countryCode.push(code);
    columns.city.push(city || name);
    columns.latitude.push(Number(latitude));
    columns.longitude.push(Number(longitude));
    columns.region.push(regionName);
    columns.type.push(typeName);
    columns.major.push(major === '1');
    columns.population.push(Number(population));
    columns.rank.push(Number(rank));
    // The port's own name first, then its other names; each search key once per port.
    const keys = new Set<string>();
    for (const text of [name, ...(aliases ? aliases.split('|') : [])]) {
      const key = portSearchName(text);
      if (key === '' || keys.has(key)) continue;
      keys.add(key);
      columns.names.portId.push(id);
      columns.names.name.push(text);
      columns.names.searchName.push(key);
      columns.names.major.push(major === '1');
      columns.names.rank.push(Number(rank));
      columns.names.population.push(Number(population));
    }
  }
  return columns;
};
