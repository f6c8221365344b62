import type { MigrationInterface, QueryRunner } from 'typeorm';

/** State tables of the platform core and the first read models. */
export class PlatformCore1763800000000 implements MigrationInterface {
  name = 'PlatformCore1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        user_type text NOT NULL CHECK (user_type IN ('crew', 'skipper', 'both', 'admin')),
        is_admin boolean NOT NULL DEFAULT false,
        email_verified boolean NOT NULL DEFAULT false,
        token_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

      CREATE TABLE platform_secrets (
        name text PRIMARY KEY,
        value text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        log_commit bigint NOT NULL DEFAULT 0,
        log_prepare bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        last_error_at timestamptz
      );

      CREATE TABLE job_queue (
        id text PRIMARY KEY,
        name text NOT NULL,
        data jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        max_attempts integer NOT NULL DEFAULT 5,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX job_queue_due_idx ON job_queue (run_at) WHERE status IN ('pending', 'running');

      CREATE TABLE email_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dedupe_key text NOT NULL,
        template text NOT NULL,
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        transport text NOT NULL CHECK (transport IN ('smtp', 'mailbox')),
        status text NOT NULL CHECK (status IN ('sent', 'failed')),
        error text,
        attempts integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE UNIQUE INDEX email_messages_dedupe_unique ON email_messages (dedupe_key);
      CREATE INDEX email_messages_created_idx ON email_messages (created_at DESC);

      CREATE TABLE platform_config (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        description text,
        updated_at timestamptz NOT NULL,
        updated_by uuid
      );

      CREATE TABLE config_access_list (
        list_type text NOT NULL CHECK (list_type IN ('grandfathered', 'beta')),
        user_id uuid NOT NULL,
        added_at timestamptz NOT NULL,
        added_by uuid,
        PRIMARY KEY (list_type, user_id)
      );

      CREATE TABLE config_history (
        event_id uuid PRIMARY KEY,
        log_commit bigint NOT NULL,
        log_prepare bigint NOT NULL,
        key text NOT NULL,
        old_value jsonb,
        new_value jsonb,
        description text,
        changed_at timestamptz NOT NULL,
        changed_by uuid
      );
      CREATE INDEX config_history_changed_idx ON config_history (log_commit, log_prepare);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE config_history; DROP TABLE config_access_list; DROP TABLE platform_config;
      DROP TABLE email_messages; DROP TABLE job_queue; DROP TABLE projection_checkpoints;
      DROP TABLE platform_secrets; DROP TABLE users;
    `);
  }
}
