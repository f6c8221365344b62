import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email changes wait for confirmation: `users.pending_email` holds the new
 * address until the link mailed to it is opened, and two token purposes are
 * added (confirm at the new address, undo from the old one). A token row
 * names the address its mail went to (`email`), so a link only ever acts on
 * that address. `salt` lets a live link be mailed again without keeping it in
 * clear (the token is derived from a server key, the row id and the salt);
 * `sends` counts its mails, each under its own job id.
 */
export class EmailChangeAndMailLimits1764905270000 implements MigrationInterface {
  name = 'EmailChangeAndMailLimits1764905270000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users ADD COLUMN pending_email text;
      ALTER TABLE auth_tokens ADD COLUMN email text, ADD COLUMN salt text, ADD COLUMN sends integer NOT NULL DEFAULT 1;
      ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check;
      ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check
        CHECK (purpose IN ('verify_email', 'reset_password', 'sign_in_link', 'confirm_email_change', 'undo_email_change'));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM auth_tokens WHERE purpose IN ('confirm_email_change', 'undo_email_change');
      ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check;
      ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password', 'sign_in_link'));
      ALTER TABLE auth_tokens DROP COLUMN sends, DROP COLUMN salt, DROP COLUMN email;
      ALTER TABLE users DROP COLUMN pending_email;
    `);
  }
}
