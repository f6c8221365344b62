import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { readPortTable } from './1764300000000-ports.data';
import { parseRows, portSearchName } from './1764720000000-harbours';
import { readPortNames } from './1766120000000-port-names';

const ADDED_HARBOURS = '1766612840000-sailors-harbours.tsv';
const SAILING_AREAS = '1766612840000-sailing-areas.tsv';
const PORT_NAMES = '1766612840000-port-names.tsv';
const EARLIER_PORT_NAMES = '1766120000000-port-names.tsv';

/**
 * The names sailors give harbours (see docs/ports-data.md), from three data
 * files beside this one:
 *
 * - 1766612840000-sailors-harbours.tsv (scripts/generate-sailing-areas.mjs):
 *   harbours sailors name that the ports data lacked (Fiskárdo, La Savina...),
 *   added as curated cruising harbours with their names.
 * - 1766612840000-sailing-areas.tsv (the same script): the names of island
 *   nations, archipelagos and islands, and English or older names, each with
 *   the harbours it stands for. They become `port_names` rows with a
 *   `priority` (n for an area's first of n harbours, down to 1); search puts
 *   the ports an exact name names this way first, in that order ("Azores":
 *   Ponta Delgada, then Horta). Every other name has priority 0.
 * - 1766612840000-port-names.tsv (scripts/generate-port-names.mjs): the names
 *   in each language and the local names, in place of those of the port-names
 *   migration (its exonyms grew: Argostoli, Patitiri, Sassnitz...). A local
 *   name that a port no longer has stays among the names it is found by.
 */
export class SailorsNames1766612840000 implements MigrationInterface {
  name = 'SailorsNames1766612840000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE port_names ADD COLUMN priority smallint NOT NULL DEFAULT 0 CHECK (priority >= 0)');

    const harbours = parseRows(readPortTable(ADDED_HARBOURS));
    await queryRunner.query(
      `INSERT INTO ports (id, name, full_name, country, country_code, city, latitude, longitude, sailing_region, port_type, is_major_port, population, sailing_rank)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                            $7::float8[], $8::float8[], $9::text[], $10::text[], $11::boolean[], $12::int[], $13::smallint[])`,
      [
        harbours.id,
        harbours.name,
        harbours.fullName,
        harbours.country,
        harbours.countryCode,
        harbours.city,
        harbours.latitude,
        harbours.longitude,
        harbours.region,
        harbours.type,
        harbours.major,
        harbours.population,
        harbours.rank,
      ],
    );
    const names = harbours.names;
    await queryRunner.query(
      `INSERT INTO port_names (port_id, name, search_name, is_major_port, sailing_rank, population)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::smallint[], $6::int[])`,
      [names.portId, names.name, names.searchName, names.major, names.rank, names.population],
    );

    await loadLanguageNames(queryRunner, PORT_NAMES);

    const areas = readSailingAreas(SAILING_AREAS);
    const [{ inserted }] = (await queryRunner.query(
      `WITH added AS (
         INSERT INTO port_names (port_id, name, search_name, priority, is_major_port, sailing_rank, population)
         SELECT v.port_id, v.name, v.search_name, v.priority, p.is_major_port, p.sailing_rank, p.population
           FROM unnest($1::text[], $2::text[], $3::text[], $4::smallint[]) AS v(port_id, name, search_name, priority)
           JOIN ports p ON p.id = v.port_id AND p.listed
         RETURNING 1
       )
       SELECT count(*)::int AS inserted FROM added`,
      [areas.portId, areas.name, areas.searchName, areas.priority],
    )) as [{ inserted: number }];
    if (inserted !== areas.portId.length) throw new Error(`sailing areas seed: ${areas.portId.length - inserted} names name no listed port`);
    await settleNames(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const harbours = parseRows(readPortTable(ADDED_HARBOURS));
    await queryRunner.query('DELETE FROM port_names WHERE priority > 0 OR port_id = ANY($1::text[])', [harbours.id]);
    await loadLanguageNames(queryRunner, EARLIER_PORT_NAMES);
    await queryRunner.query('DELETE FROM ports WHERE id = ANY($1::text[])', [harbours.id]);
    await queryRunner.query('ALTER TABLE port_names DROP COLUMN priority');
    await settleNames(queryRunner);
  }
}

/**
 * Rows inserted after the trigram index was built wait in its pending list,
 * which every word-start and similar-spelling search then reads row by row
 * (about 3,000 rows: the search's round trip twice as long until autovacuum
 * gets to it); moved into the index at once, with fresh statistics.
 */
const settleNames = async (queryRunner: QueryRunner): Promise<void> => {
  await queryRunner.query(`SELECT gin_clean_pending_list('port_names_trgm_idx'::regclass)`);
  await queryRunner.query('ANALYZE port_names');
};

/**
 * Replaces every port's names in each language and its local name with those
 * of the file (format of readPortNames); a local name is also a name the port
 * is found by, added where it has none of that key yet.
 */
const loadLanguageNames = async (queryRunner: QueryRunner, fileName: string): Promise<void> => {
  const data = readPortNames(fileName);
  await queryRunner.query('DELETE FROM port_names WHERE locale IS NOT NULL');
  await queryRunner.query('UPDATE ports SET local_name = NULL WHERE local_name IS NOT NULL AND NOT (id = ANY($1::text[]))', [data.locals.portId]);
  const [{ updated }] = (await queryRunner.query(
    `WITH changed AS (
       UPDATE ports p SET local_name = v.local_name
         FROM unnest($1::text[], $2::text[]) AS v(id, local_name)
        WHERE p.id = v.id AND p.listed
        RETURNING 1
     )
     SELECT count(*)::int AS updated FROM changed`,
    [data.locals.portId, data.locals.name],
  )) as [{ updated: number }];
  const [{ inserted }] = (await queryRunner.query(
    `WITH added AS (
       INSERT INTO port_names (port_id, locale, name, search_name, is_major_port, sailing_rank, population)
       SELECT v.port_id, v.locale, v.name, v.search_name, p.is_major_port, p.sailing_rank, p.population
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS v(port_id, locale, name, search_name)
         JOIN ports p ON p.id = v.port_id AND p.listed
       RETURNING 1
     )
     SELECT count(*)::int AS inserted FROM added`,
    [data.names.portId, data.names.locale, data.names.name, data.names.searchName],
  )) as [{ inserted: number }];
  if (updated !== data.locals.portId.length || inserted !== data.names.portId.length) {
    throw new Error(`${fileName}: ${data.locals.portId.length - updated + data.names.portId.length - inserted} rows name no listed port`);
  }
  await queryRunner.query(`
    INSERT INTO port_names (port_id, name, search_name, is_major_port, sailing_rank, population)
    SELECT p.id, p.local_name, port_search_name(p.local_name), p.is_major_port, p.sailing_rank, p.population
      FROM ports p
     WHERE p.local_name IS NOT NULL AND port_search_name(p.local_name) <> ''
       AND NOT EXISTS (SELECT 1 FROM port_names n WHERE n.search_name = port_search_name(p.local_name) AND n.port_id = p.id)
  `);
};

interface SailingAreaColumns {
  portId: string[];
  name: string[];
  searchName: string[];
  priority: number[];
}

/** Reads the generated area names beside this module: one line per name and harbour (port id, priority, name). */
const readSailingAreas = (fileName: string): SailingAreaColumns => {
  const columns: SailingAreaColumns = { portId: [], name: [], searchName: [], priority: [] };
  for (const line of readFileSync(path.join(__dirname, fileName), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [portId, priority, name, ...rest] = line.split('\t');
    const searchName = name === undefined ? '' : portSearchName(name);
    if (!portId || !name || rest.length > 0 || !/^[1-9]\d*$/.test(priority ?? '') || searchName === '') throw new Error(`${fileName}: malformed line "${line.slice(0, 80)}"`);
    columns.portId.push(portId);
    columns.name.push(name);
    columns.searchName.push(searchName);
    columns.priority.push(Number(priority));
  }
  if (columns.portId.length === 0) throw new Error(`${fileName}: no names`);
  return columns;
};
