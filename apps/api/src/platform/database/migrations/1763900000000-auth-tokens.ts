import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single-use tokens for email verification and password reset (stored as
 * SHA-256 hashes, never in clear), and counters for sign-in rate limits.
 */
export class AuthTokens1763900000000 implements MigrationInterface {
  name = 'AuthTokens1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE auth_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id, purpose);

      CREATE TABLE rate_limit_counters (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends_at timestamptz NOT NULL
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE rate_limit_counters; DROP TABLE auth_tokens;');
  }
}
