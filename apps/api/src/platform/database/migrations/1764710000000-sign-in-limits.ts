import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in throttling counters (rate-limiter-flexible's PostgreSQL layout: key,
 * points, expiry in epoch ms), used when REDIS_URL is not set; they replace the
 * fixed-window counters. Sign-in links are a new single-use token purpose.
 */
export class SignInLimits1764710000000 implements MigrationInterface {
  name = 'SignInLimits1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sign_in_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
      CREATE INDEX sign_in_limits_expire_idx ON sign_in_limits (expire);
      DROP TABLE rate_limit_counters;
      ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check;
      ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password', 'sign_in_link'));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM auth_tokens WHERE purpose = 'sign_in_link';
      ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check;
      ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password'));
      CREATE TABLE rate_limit_counters (key text PRIMARY KEY, hits integer NOT NULL, window_ends_at timestamptz NOT NULL);
      DROP TABLE sign_in_limits;
    `);
  }
}
