import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail jobs name their recipient by user id; the address is read when the
 * message is sent. A message whose recipient no longer exists (an erased
 * account) is recorded as skipped instead of sent.
 */
export class EmailRecipientsById1764700000002 implements MigrationInterface {
  name = 'EmailRecipientsById1764700000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE email_messages ADD COLUMN recipient_id uuid;
      ALTER TABLE email_messages DROP CONSTRAINT email_messages_status_check;
      ALTER TABLE email_messages ADD CONSTRAINT email_messages_status_check CHECK (status IN ('sent', 'failed', 'skipped'));
      CREATE INDEX email_messages_recipient_idx ON email_messages (recipient_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX email_messages_recipient_idx;
      DELETE FROM email_messages WHERE status = 'skipped';
      ALTER TABLE email_messages DROP CONSTRAINT email_messages_status_check;
      ALTER TABLE email_messages ADD CONSTRAINT email_messages_status_check CHECK (status IN ('sent', 'failed'));
      ALTER TABLE email_messages DROP COLUMN recipient_id;
    `);
  }
}
