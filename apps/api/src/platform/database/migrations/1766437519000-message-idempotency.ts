import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message remembers the Idempotency-Key its sender sent it with, so a message sent again (a phone replaying
 * what it queued offline, docs/features/offline.md) is stored once and answers the first. Keys are per sender.
 */
export class MessageIdempotency1766437519000 implements MigrationInterface {
  name = 'MessageIdempotency1766437519000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE messages ADD COLUMN idempotency_key text;
      CREATE UNIQUE INDEX messages_idempotency_idx ON messages (sender_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX messages_idempotency_idx;
      ALTER TABLE messages DROP COLUMN idempotency_key;
    `);
  }
}
