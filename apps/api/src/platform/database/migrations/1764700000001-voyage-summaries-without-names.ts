import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Voyage summaries keep no personal data: the skipper's name is no longer
 * copied into the row (it went stale on a rename and outlived an erased
 * account). Browse search still finds a voyage by its skipper's name through
 * an index over the users' names. Each row also carries the revision of its
 * stream (the ETag of GET /api/voyages/{id}).
 */
export class VoyageSummariesWithoutNames1764700000001 implements MigrationInterface {
  name = 'VoyageSummariesWithoutNames1764700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The text index keeps the short pending list of the browse covering-index migration, in whichever order
    // the two ran. Index builds run functions with a search_path of pg_catalog only (PostgreSQL 17+): name the schema.
    const [{ schema }] = (await queryRunner.query('SELECT quote_ident(current_schema()) AS schema')) as { schema: string }[];
    await queryRunner.query(`
      ALTER TABLE voyage_summaries DROP COLUMN search;
      ALTER TABLE voyage_summaries DROP COLUMN skipper_name;
      ALTER TABLE voyage_summaries ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', crew_unaccent(coalesce(title, ''))), 'A') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(departure_port, '') || ' ' || coalesce(arrival_port, ''))), 'B') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(description, ''))), 'C')
      ) STORED;
      CREATE INDEX voyage_summaries_search_idx ON voyage_summaries USING gin (search) WITH (gin_pending_list_limit = 256);
      ALTER TABLE voyage_summaries ADD COLUMN revision bigint;

      CREATE OR REPLACE FUNCTION crew_person_name_vector(first_name text, last_name text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT to_tsvector('simple', ${schema}.crew_unaccent(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) $$;
      CREATE INDEX users_name_search_idx ON users USING gin (crew_person_name_vector(first_name, last_name));
    `);
    // Rows written before this migration learn their revision from the log when it lives in this
    // database; otherwise from their next event or a rebuild (until then they send no ETag).
    const [{ present }] = (await queryRunner.query(`SELECT to_regclass('events') IS NOT NULL AS present`)) as { present: boolean }[];
    if (present) {
      await queryRunner.query(`
        UPDATE voyage_summaries v SET revision = e.revision
          FROM (SELECT stream_id, max(revision) AS revision FROM events WHERE stream_id LIKE 'voyage-%' GROUP BY stream_id) e
         WHERE e.stream_id = 'voyage-' || v.voyage_id::text`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX users_name_search_idx;
      DROP FUNCTION crew_person_name_vector(text, text);
      ALTER TABLE voyage_summaries DROP COLUMN revision, DROP COLUMN search;
      ALTER TABLE voyage_summaries ADD COLUMN skipper_name text NOT NULL DEFAULT '';
      ALTER TABLE voyage_summaries ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', crew_unaccent(coalesce(title, ''))), 'A') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(departure_port, '') || ' ' || coalesce(arrival_port, '') || ' ' || skipper_name)), 'B') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(description, ''))), 'C')
      ) STORED;
      CREATE INDEX voyage_summaries_search_idx ON voyage_summaries USING gin (search);
    `);
  }
}
