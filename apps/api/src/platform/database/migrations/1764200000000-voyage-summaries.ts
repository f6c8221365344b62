import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The voyage read model, with a generated full-text vector for browse search. */
export class VoyageSummaries1764200000000 implements MigrationInterface {
  name = 'VoyageSummaries1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE voyage_summaries (
        voyage_id uuid PRIMARY KEY,
        skipper_id uuid NOT NULL,
        skipper_name text NOT NULL DEFAULT '',
        status text NOT NULL,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        start_date date,
        end_date date,
        duration_days integer,
        total_distance_nm integer NOT NULL DEFAULT 0,
        crew_needed integer NOT NULL,
        contribution_type text NOT NULL,
        contribution_amount numeric(10, 2),
        contribution_currency text NOT NULL,
        contribution_details text NOT NULL DEFAULT '',
        is_custom boolean NOT NULL DEFAULT false,
        custom_notes text NOT NULL DEFAULT '',
        boat_id uuid,
        min_experience text NOT NULL,
        skills jsonb NOT NULL DEFAULT '[]',
        segments jsonb NOT NULL DEFAULT '[]',
        departure_port text,
        arrival_port text,
        longitude double precision,
        latitude double precision,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        last_commit bigint NOT NULL,
        last_prepare bigint NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(departure_port, '') || ' ' || coalesce(arrival_port, '') || ' ' || skipper_name), 'B') ||
          setweight(to_tsvector('simple', coalesce(description, '')), 'C')
        ) STORED
      );
      CREATE INDEX voyage_summaries_status_start_idx ON voyage_summaries (status, start_date, voyage_id);
      CREATE INDEX voyage_summaries_skipper_idx ON voyage_summaries (skipper_id);
      CREATE INDEX voyage_summaries_search_idx ON voyage_summaries USING gin (search);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE voyage_summaries');
  }
}
