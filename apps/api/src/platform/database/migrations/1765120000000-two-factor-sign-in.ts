import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-step sign-in (TOTP) and identity checks by the team.
 *
 * - `users.two_factor_secret`: the authenticator secret in force, encrypted
 *   (AES-256-GCM under a key of `platform_secrets`); `two_factor_pending_secret`
 *   the one being set up, until a code confirms it; `two_factor_enabled_at`
 *   when it was turned on (administrators without it are kept out of the
 *   administrator pages); `two_factor_last_step` the time step of the last
 *   code accepted, so a code is never accepted twice.
 * - `two_factor_recovery_codes`: hashes of the single-use recovery codes.
 * - `two_factor_challenges`: a password sign-in waiting for its code (the
 *   hash of the challenge handed out, never the challenge), 5 minutes, once.
 * All go with the account (columns of the row, cascades).
 * - The Help centre's answer about trust points no longer says identity
 *   checks are not offered: an administrator now records them.
 */
export class TwoFactorSignIn1765120000000 implements MigrationInterface {
  name = 'TwoFactorSignIn1765120000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN two_factor_secret text,
        ADD COLUMN two_factor_pending_secret text,
        ADD COLUMN two_factor_enabled_at timestamptz,
        ADD COLUMN two_factor_last_step bigint;
      CREATE TABLE two_factor_recovery_codes (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (user_id, code_hash)
      );
      CREATE TABLE two_factor_challenges (
        challenge_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX two_factor_challenges_user_idx ON two_factor_challenges (user_id);
    `);
    await queryRunner.query(
      `UPDATE kb_articles SET body = regexp_replace(body,
          ' Identity checks by our team( and phone verification)? are not offered yet, so for now no member can earn the identity point or the Verified level\\.', ''),
        updated_at = now()
        WHERE slug = 'trust-level' AND body ~ 'Identity checks by our team( and phone verification)? are not offered yet'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE two_factor_challenges;
      DROP TABLE two_factor_recovery_codes;
      ALTER TABLE users DROP COLUMN two_factor_secret, DROP COLUMN two_factor_pending_secret, DROP COLUMN two_factor_enabled_at, DROP COLUMN two_factor_last_step;
    `);
  }
}
