import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calendar feeds (docs/features/calendar.md): at most one private feed per
 * member. Only the SHA-256 of the feed's random token is kept, so the table
 * cannot give out a working address; a new token replaces the row's hash and
 * the old address stops working. The row goes with the account (ON DELETE CASCADE).
 */
export class CalendarFeeds1766418253000 implements MigrationInterface {
  name = 'CalendarFeeds1766418253000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE calendar_feeds (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL CONSTRAINT calendar_feeds_token_hash_key UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE calendar_feeds;`);
  }
}
