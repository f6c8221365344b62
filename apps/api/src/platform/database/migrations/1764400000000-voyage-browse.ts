import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What browsing voyages needs beyond the first summary table: application
 * counters (filled by the applications work), an accent-insensitive search
 * vector, and indexes for the map bounds and the skipper's own list.
 */
export class VoyageBrowse1764400000000 implements MigrationInterface {
  name = 'VoyageBrowse1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE EXTENSION IF NOT EXISTS unaccent;
      -- unaccent() is only STABLE (it reads a dictionary); pinning the dictionary makes
      -- this wrapper safe to mark IMMUTABLE, which a generated column requires.
      CREATE OR REPLACE FUNCTION crew_unaccent(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

      ALTER TABLE voyage_summaries
        ADD COLUMN application_count integer NOT NULL DEFAULT 0,
        ADD COLUMN pending_count integer NOT NULL DEFAULT 0,
        ADD COLUMN current_crew_count integer NOT NULL DEFAULT 0,
        DROP COLUMN search;
      ALTER TABLE voyage_summaries ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', crew_unaccent(coalesce(title, ''))), 'A') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(departure_port, '') || ' ' || coalesce(arrival_port, '') || ' ' || skipper_name)), 'B') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(description, ''))), 'C')
      ) STORED;
      CREATE INDEX voyage_summaries_search_idx ON voyage_summaries USING gin (search);
      CREATE INDEX voyage_summaries_position_idx ON voyage_summaries (longitude, latitude) WHERE status <> 'draft';
      CREATE INDEX voyage_summaries_skipper_start_idx ON voyage_summaries (skipper_id, start_date);
      DROP INDEX voyage_summaries_skipper_idx;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX voyage_summaries_position_idx;
      DROP INDEX voyage_summaries_skipper_start_idx;
      CREATE INDEX voyage_summaries_skipper_idx ON voyage_summaries (skipper_id);
      ALTER TABLE voyage_summaries DROP COLUMN search, DROP COLUMN application_count, DROP COLUMN pending_count, DROP COLUMN current_crew_count;
      ALTER TABLE voyage_summaries ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(departure_port, '') || ' ' || coalesce(arrival_port, '') || ' ' || skipper_name), 'B') ||
        setweight(to_tsvector('simple', coalesce(description, '')), 'C')
      ) STORED;
      CREATE INDEX voyage_summaries_search_idx ON voyage_summaries USING gin (search);
      DROP FUNCTION crew_unaccent(text);
    `);
  }
}
