import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin console, users and voyages:
 * - `subscriptions` (state: a crew member's premium access, set by a payment
 *   or by an administrator; erased with the account);
 * - `admin_messages` (state: the subject and text of an email an
 *   administrator sent a user, read when the mail job runs; erased with the account);
 * - `admin_audit` (read model of every administrator action: ids, codes and
 *   reasons from the log, never personal data);
 * - `voyage_summaries.suspended`: a suspended voyage leaves browse, map and
 *   search; the open-voyages index leaves it out too, so the list's scans
 *   stay index-only;
 * - `users.admin_search` ("first last email", lower case, no accents; generated) and its
 *   trigram index for the admin's user search: a match is rechecked on the column, not by
 *   running unaccent again on every candidate row.
 */
export class AdminUsers1764800000000 implements MigrationInterface {
  name = 'AdminUsers1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [{ schema }] = (await queryRunner.query('SELECT quote_ident(current_schema()) AS schema')) as { schema: string }[];
    await queryRunner.query(`
      CREATE TABLE subscriptions (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('active', 'cancelled', 'expired')),
        start_date timestamptz NOT NULL,
        end_date timestamptz NOT NULL,
        stripe_customer_id text,
        source text NOT NULL CHECK (source IN ('payment', 'admin')),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX subscriptions_active_idx ON subscriptions (end_date) WHERE status = 'active';

      CREATE TABLE admin_messages (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        template text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        voyage_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX admin_messages_user_idx ON admin_messages (user_id);

      CREATE TABLE admin_audit (
        event_id uuid PRIMARY KEY,
        log_commit bigint NOT NULL,
        log_prepare bigint NOT NULL,
        subject_type text NOT NULL,
        subject_id text NOT NULL,
        action text NOT NULL,
        reason text NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}',
        actor_id uuid,
        occurred_at timestamptz NOT NULL
      );
      CREATE INDEX admin_audit_subject_idx ON admin_audit (subject_type, subject_id, log_commit DESC, log_prepare DESC);

      ALTER TABLE voyage_summaries ADD COLUMN suspended boolean NOT NULL DEFAULT false;
      CREATE INDEX voyage_summaries_open_browse_v2_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled' AND NOT suspended;
      DROP INDEX voyage_summaries_open_browse_idx;
      ALTER INDEX voyage_summaries_open_browse_v2_idx RENAME TO voyage_summaries_open_browse_idx;
      CREATE INDEX voyage_summaries_admin_created_idx ON voyage_summaries (created_at DESC, voyage_id);

      CREATE OR REPLACE FUNCTION crew_user_search_text(first_name text, last_name text, email text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT lower(${schema}.crew_unaccent(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''))) $$;
      ALTER TABLE users ADD COLUMN admin_search text GENERATED ALWAYS AS (crew_user_search_text(first_name, last_name, email)) STORED;
      CREATE INDEX users_admin_search_trgm_idx ON users USING gin (admin_search gin_trgm_ops);
      CREATE INDEX users_created_idx ON users (created_at DESC, id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX users_created_idx;
      DROP INDEX users_admin_search_trgm_idx;
      ALTER TABLE users DROP COLUMN admin_search;
      DROP FUNCTION crew_user_search_text(text, text, text);
      DROP INDEX voyage_summaries_admin_created_idx;
      CREATE INDEX voyage_summaries_open_browse_v1_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled';
      DROP INDEX voyage_summaries_open_browse_idx;
      ALTER INDEX voyage_summaries_open_browse_v1_idx RENAME TO voyage_summaries_open_browse_idx;
      ALTER TABLE voyage_summaries DROP COLUMN suspended;
      DROP TABLE admin_audit;
      DROP TABLE admin_messages;
      DROP TABLE subscriptions;
    `);
  }
}
