import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Phone verification by a code sent by text message.
 *
 * - `phone_verifications`: the one code waiting for a member (its hash, never
 *   the code), the number it was sent to, when it stops working, wrong tries,
 *   and when codes were sent (for the pause between codes and the hourly
 *   limit). It goes with the account (cascade).
 * - `dev_sms_messages`: text messages kept for the local mailbox where no
 *   SMS provider is configured (never in production). They go with the
 *   account too.
 * - The Help centre's answer about trust points counts the phone check.
 */
export class PhoneVerification1765130000000 implements MigrationInterface {
  name = 'PhoneVerification1765130000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE phone_verifications (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        phone_number text NOT NULL,
        code_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        sent_at timestamptz NOT NULL,
        window_started_at timestamptz NOT NULL,
        window_sends integer NOT NULL DEFAULT 1
      );
      CREATE TABLE dev_sms_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        recipient text NOT NULL,
        body text NOT NULL,
        purpose text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX dev_sms_messages_created_idx ON dev_sms_messages (created_at DESC);
    `);
    // The trust article names the six checks as they now are: a verified phone is one, and a logged voyage shows experience.
    await queryRunner.query(
      `UPDATE kb_articles SET body = replace(body,
          'your email address confirmed, a clear profile photo, an emergency contact, your sailing experience filled in, a voyage in your verified sailing log (sailed as crew and confirmed, or skippered to completion), and your identity checked by our team.',
          'your email address confirmed, your phone number verified with a code sent to it by text message (where this site sends text messages), a clear profile photo, an emergency contact, your sailing experience (filled in, or a voyage in your verified sailing log: sailed as crew and confirmed, or skippered to completion), and your identity checked by our team.'),
        updated_at = now()
        WHERE slug = 'trust-level'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dev_sms_messages; DROP TABLE phone_verifications;`);
  }
}
