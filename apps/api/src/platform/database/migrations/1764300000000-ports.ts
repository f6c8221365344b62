import type { MigrationInterface, QueryRunner } from 'typeorm';
import { readPortTable, type PortTable } from './1764300000000-ports.data';

/**
 * The ports table behind port search, seeded from 1764300000000-ports.tsv
 * beside this file: the rows that scripts/generate-ports.mjs derived from
 * sea-ports, GeoNames and Natural Earth (rules in that script). One unnest() INSERT keeps the seed well under
 * a second, which matters because every start on a fresh database runs it.
 *
 * search_name is the normalised name the search compares against: lower case,
 * no accents or punctuation, "St"/"Ste" spelled "Saint"/"Sainte". unaccent() is
 * only STABLE (it reads a dictionary), so port_search_name() pins the
 * dictionary and is declared IMMUTABLE, which the generated column and the
 * planner's constant folding of the query's term both need.
 */
export class Ports1764300000000 implements MigrationInterface {
  name = 'Ports1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = readPortTable('1764300000000-ports.tsv');
    await queryRunner.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE EXTENSION IF NOT EXISTS unaccent;
      CREATE OR REPLACE FUNCTION port_search_name(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$
          SELECT btrim(regexp_replace(regexp_replace(regexp_replace(
            lower(public.unaccent('public.unaccent'::regdictionary, $1)),
            '[^a-z0-9]+', ' ', 'g'), '\\mst\\M', 'saint', 'g'), '\\mste\\M', 'sainte', 'g'))
        $$;

      CREATE TABLE ports (
        id text PRIMARY KEY,
        name text NOT NULL,
        full_name text NOT NULL,
        country text NOT NULL,
        country_code text NOT NULL,
        city text NOT NULL,
        latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
        sailing_region text NOT NULL CHECK (sailing_region IN (${table.regions.map((r) => `'${r}'`).join(', ')})),
        port_type text NOT NULL CHECK (port_type IN (${table.types.map((t) => `'${t}'`).join(', ')})),
        is_major_port boolean NOT NULL,
        -- Ranks namesakes (the bigger place first); 0 when unknown.
        population integer NOT NULL DEFAULT 0,
        search_name text GENERATED ALWAYS AS (port_search_name(name)) STORED
      );
    `);

    const columns = parseRows(table);
    await queryRunner.query(
      `INSERT INTO ports (id, name, full_name, country, country_code, city, latitude, longitude, sailing_region, port_type, is_major_port, population)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                            $7::float8[], $8::float8[], $9::text[], $10::text[], $11::boolean[], $12::int[])`,
      [
        columns.id,
        columns.name,
        columns.fullName,
        columns.country,
        columns.countryCode,
        columns.city,
        columns.latitude,
        columns.longitude,
        columns.region,
        columns.type,
        columns.major,
        columns.population,
      ],
    );

    // Built after the insert (faster than maintaining them row by row). The
    // btrees serve "starts with" (the partial one lets a short prefix read only
    // major ports when they fill the page); the trigram index serves word starts
    // and similarity. ANALYZE so the first searches already get good plans.
    await queryRunner.query(`
      CREATE INDEX ports_search_name_prefix_idx ON ports (search_name text_pattern_ops);
      CREATE INDEX ports_major_search_name_prefix_idx ON ports (search_name text_pattern_ops) WHERE is_major_port;
      CREATE INDEX ports_search_name_trgm_idx ON ports USING gin (search_name gin_trgm_ops);
      ANALYZE ports;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE ports;
      DROP FUNCTION port_search_name(text);
    `);
  }
}

interface PortColumns {
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
}

/** Turns the generated tab-separated rows into one array per column (the shape unnest() takes). */
const parseRows = (table: PortTable): PortColumns => {
  const columns: PortColumns = {
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
  };
  for (const line of table.rows) {
    const [id, name, code, city, latitude, longitude, region, type, major, population] = line.split('\t');
    const country = code === undefined ? undefined : table.countries.get(code);
    const regionName = table.regions[Number(region)];
    const typeName = table.types[Number(type)];
    if (!id || !name || !code || !country || regionName === undefined || typeName === undefined) {
      throw new Error(`ports seed: malformed row "${line.slice(0, 80)}"`);
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
  }
  return columns;
};
