import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Digest mails go out in batches (one send-emails job for up to 50 digests):
 * `saved_search_digests.batch_id` names the batch a digest was put in, set
 * before its job is queued, so a pass that stopped between the two queues
 * the same batch under the same job id again and no digest is ever in two
 * jobs.
 */
export class DigestBatches1766531000000 implements MigrationInterface {
  name = 'DigestBatches1766531000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE saved_search_digests ADD COLUMN batch_id uuid NULL;
      CREATE INDEX saved_search_digests_batch_idx ON saved_search_digests (batch_id) WHERE batch_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE saved_search_digests DROP COLUMN batch_id');
  }
}
