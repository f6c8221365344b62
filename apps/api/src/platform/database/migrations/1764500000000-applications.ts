import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Applications: the read model of every application (projected from the voyage
 * streams), per-leg crew counters on voyage summaries, and the applicants'
 * messages. Messages are personal data, so they live in a state table that
 * account deletion can erase rather than in the immutable events.
 */
export class Applications1764500000000 implements MigrationInterface {
  name = 'Applications1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE voyage_summaries
        ADD COLUMN whole_voyage_crew integer NOT NULL DEFAULT 0,
        ADD COLUMN leg_crew jsonb NOT NULL DEFAULT '{}';

      CREATE TABLE applications (
        application_id uuid PRIMARY KEY,
        voyage_id uuid NOT NULL,
        crew_id uuid NOT NULL,
        status text NOT NULL,
        segment_orders jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        decided_at timestamptz,
        last_commit bigint NOT NULL,
        last_prepare bigint NOT NULL
      );
      CREATE INDEX applications_crew_idx ON applications (crew_id, created_at DESC);
      CREATE INDEX applications_voyage_idx ON applications (voyage_id, created_at);

      CREATE TABLE application_messages (
        application_id uuid PRIMARY KEY,
        voyage_id uuid NOT NULL,
        crew_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX application_messages_voyage_idx ON application_messages (voyage_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE application_messages;
      DROP TABLE applications;
      ALTER TABLE voyage_summaries DROP COLUMN whole_voyage_crew, DROP COLUMN leg_crew;
    `);
  }
}
