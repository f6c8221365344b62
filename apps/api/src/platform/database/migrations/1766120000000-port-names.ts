import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@crew/rules';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { portSearchName } from './1764720000000-harbours';

/**
 * Port names in each of the product's languages, seeded from
 * 1766120000000-port-names.tsv beside this file (written by
 * scripts/generate-port-names.mjs from Natural Earth and the curated exonyms
 * in scripts/ports/port-exonyms.tsv; format in its header).
 *
 * - `port_names.locale`: a row with a language is the port's name in that
 *   language, the one search answers with there (Ýdra is "Hydra" in English,
 *   "Idra" in Italian); a port has at most one per language, and shows its
 *   own name in a language it has none for. Rows without a language are the
 *   names it is otherwise found by, as before. Search reads every row, so a
 *   port is found by its name in any language.
 * - `ports.local_name`: the name in the place's own language where the
 *   port's name is not it (Corfu is Kérkyra); null when the name is.
 *   It is searched too.
 * `ports.name`, which voyages and their events name, does not change.
 */
export class PortNames1766120000000 implements MigrationInterface {
  name = 'PortNames1766120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const data = readPortNames('1766120000000-port-names.tsv');
    await queryRunner.query(`
      ALTER TABLE ports ADD COLUMN local_name text CHECK (local_name <> '');
      ALTER TABLE port_names ADD COLUMN locale text CHECK (locale IN (${LOCALES.map((locale) => `'${locale}'`).join(', ')}));
    `);
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
    // Each row takes the ranking columns of its port (search reads one table); only listed ports are searched.
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
      throw new Error(`port names seed: ${data.locals.portId.length - updated + data.names.portId.length - inserted} rows name no listed port`);
    }
    // The local names are searched like the port's other names, each key once per port.
    await queryRunner.query(`
      INSERT INTO port_names (port_id, name, search_name, is_major_port, sailing_rank, population)
      SELECT p.id, p.local_name, port_search_name(p.local_name), p.is_major_port, p.sailing_rank, p.population
        FROM ports p
       WHERE p.local_name IS NOT NULL AND port_search_name(p.local_name) <> ''
         AND NOT EXISTS (SELECT 1 FROM port_names n WHERE n.search_name = port_search_name(p.local_name) AND n.port_id = p.id);
      -- The answer's name in the request's language: one lookup per answered port.
      CREATE UNIQUE INDEX port_names_locale_idx ON port_names (port_id, locale) INCLUDE (name) WHERE locale IS NOT NULL;
      ANALYZE port_names;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM port_names n USING ports p
       WHERE n.port_id = p.id AND n.locale IS NULL AND p.local_name IS NOT NULL AND n.name = p.local_name;
      DELETE FROM port_names WHERE locale IS NOT NULL;
      DROP INDEX port_names_locale_idx;
      ALTER TABLE port_names DROP COLUMN locale;
      ALTER TABLE ports DROP COLUMN local_name;
    `);
  }
}

const LANGUAGE_COLUMNS: readonly Locale[] = ['en', 'fr', 'de', 'es', 'it'];

interface PortNameColumns {
  locals: { portId: string[]; name: string[] };
  names: { portId: string[]; locale: Locale[]; name: string[]; searchName: string[] };
}

/**
 * Reads the generated names beside this module (dist/ in production, where
 * scripts/build.mjs copies the .tsv files): one port a line, its id, local
 * name, then its name in en, fr, de, es and it; an empty cell is no name.
 */
export const readPortNames = (fileName: string): PortNameColumns => {
  const columns: PortNameColumns = { locals: { portId: [], name: [] }, names: { portId: [], locale: [], name: [], searchName: [] } };
  for (const line of readFileSync(path.join(__dirname, fileName), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split('\t');
    const [id, local, ...names] = fields;
    if (!id || local === undefined || names.length !== LANGUAGE_COLUMNS.length) throw new Error(`${fileName}: malformed line "${line.slice(0, 80)}"`);
    if (local) {
      columns.locals.portId.push(id);
      columns.locals.name.push(local);
    }
    LANGUAGE_COLUMNS.forEach((locale, index) => {
      const name = names[index];
      if (!name) return;
      const searchName = portSearchName(name);
      if (searchName === '') throw new Error(`${fileName}: "${name}" (${id}, ${locale}) has nothing to search by`);
      columns.names.portId.push(id);
      columns.names.locale.push(locale);
      columns.names.name.push(name);
      columns.names.searchName.push(searchName);
    });
  }
  if (columns.names.portId.length === 0) throw new Error(`${fileName}: no names`);
  return columns;
};
