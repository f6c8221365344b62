import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The browse list's default page and its total, and each card's "N voyages"
 * of the skipper, read only open voyages. Partial indexes over exactly that
 * predicate turn them into short index(-only) scans instead of a scan and
 * sort of every summary row.
 */
export class VoyageListIndexes1764600000000 implements MigrationInterface {
  name = 'VoyageListIndexes1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX voyage_summaries_open_start_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        WHERE status <> 'draft' AND status <> 'cancelled';
      CREATE INDEX voyage_summaries_open_skipper_idx ON voyage_summaries (skipper_id)
        WHERE status <> 'draft' AND status <> 'cancelled';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX voyage_summaries_open_start_idx; DROP INDEX voyage_summaries_open_skipper_idx;`);
  }
}
