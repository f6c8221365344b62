import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `skipper_log` (projection `skipper-log`): the skipper's own sailing log, one
 * row per voyage with its current legs (`route`) and, once completed, the legs
 * sailed, miles and days at sea. A new projection starts from the beginning
 * of the log, so voyages completed before it are logged too.
 */
export class SkipperLog1764930000001 implements MigrationInterface {
  name = 'SkipperLog1764930000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE skipper_log (
        voyage_id uuid PRIMARY KEY,
        skipper_id uuid NOT NULL,
        route jsonb NOT NULL,
        completed_at timestamptz,
        legs jsonb,
        distance_nm integer NOT NULL DEFAULT 0,
        days integer NOT NULL DEFAULT 0,
        last_commit bigint NOT NULL,
        last_prepare bigint NOT NULL
      );
      CREATE INDEX skipper_log_skipper_idx ON skipper_log (skipper_id, completed_at DESC) WHERE completed_at IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE skipper_log');
  }
}
