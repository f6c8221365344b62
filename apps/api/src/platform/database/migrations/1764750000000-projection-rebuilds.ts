import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The progress of the rebuild or verification of each projection, written by
 * the process that runs it (usually `npm run projections`) and read by
 * /api/health in every API process: events done of the total, the rate, and
 * when it finished or why it failed. One row per projection, the latest run.
 */
export class ProjectionRebuilds1764750000000 implements MigrationInterface {
  name = 'ProjectionRebuilds1764750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE projection_rebuilds (
        name text PRIMARY KEY,
        mode text NOT NULL,
        phase text NOT NULL,
        events_done bigint NOT NULL DEFAULT 0,
        events_total bigint NOT NULL DEFAULT 0,
        events_per_second double precision NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        error text
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE projection_rebuilds');
  }
}
