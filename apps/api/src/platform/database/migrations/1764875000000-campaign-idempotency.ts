import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A campaign remembers the Idempotency-Key of the request that created it, so
 * a retried Send Email Campaign answers the first campaign instead of queuing
 * a second one. Keys are per administrator.
 */
export class CampaignIdempotency1764875000000 implements MigrationInterface {
  name = 'CampaignIdempotency1764875000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE email_campaigns ADD COLUMN idempotency_key text;
      CREATE UNIQUE INDEX email_campaigns_idempotency_idx ON email_campaigns (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX email_campaigns_idempotency_idx;
      ALTER TABLE email_campaigns DROP COLUMN idempotency_key;
    `);
  }
}
