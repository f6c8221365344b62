import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Platform analytics.
 *
 * Read models of the `analytics-metrics` projection (rebuilt from the log):
 * day buckets of counters, and per voyage, application, member and paid
 * period only what those counters and the tables of the analytics screen
 * need (ids, never names).
 *
 * State tables of first-party engagement, written by the page-view beacon
 * (only for visitors who accepted analytics cookies): the views themselves
 * (a route pattern, never an id or a query string), the visits (a browser's
 * views with less than 30 minutes between them), the days each browser was
 * seen, and per-day counters so that a year is read in a few hundred rows.
 */
export class Analytics1764870000000 implements MigrationInterface {
  name = 'Analytics1764870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE analytics_daily (
        day date PRIMARY KEY,
        voyages_created int NOT NULL DEFAULT 0,
        voyages_published int NOT NULL DEFAULT 0,
        voyages_completed int NOT NULL DEFAULT 0,
        voyages_cancelled int NOT NULL DEFAULT 0,
        applications_submitted int NOT NULL DEFAULT 0,
        applications_accepted int NOT NULL DEFAULT 0,
        applications_rejected int NOT NULL DEFAULT 0,
        applications_withdrawn int NOT NULL DEFAULT 0,
        responses int NOT NULL DEFAULT 0,
        response_seconds bigint NOT NULL DEFAULT 0,
        cohort_pending int NOT NULL DEFAULT 0,
        cohort_accepted int NOT NULL DEFAULT 0,
        cohort_rejected int NOT NULL DEFAULT 0,
        cohort_withdrawn int NOT NULL DEFAULT 0,
        subscriptions_activated int NOT NULL DEFAULT 0,
        subscriptions_renewed int NOT NULL DEFAULT 0,
        subscriptions_expired int NOT NULL DEFAULT 0,
        revenue_pence bigint NOT NULL DEFAULT 0
      );
      CREATE TABLE analytics_voyages (
        voyage_id uuid PRIMARY KEY,
        skipper_id uuid NOT NULL,
        created_day date NOT NULL,
        published_day date,
        completed_day date,
        destination text,
        applications int NOT NULL DEFAULT 0,
        accepted int NOT NULL DEFAULT 0
      );
      CREATE INDEX analytics_voyages_published_idx ON analytics_voyages (published_day) INCLUDE (skipper_id, destination, applications, accepted);
      CREATE TABLE analytics_applications (
        application_id uuid PRIMARY KEY,
        voyage_id uuid NOT NULL,
        submitted_at timestamptz NOT NULL,
        status text NOT NULL
      );
      CREATE TABLE analytics_user_activity (
        user_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('any', 'skipper', 'crew')),
        last_day date NOT NULL,
        PRIMARY KEY (user_id, role)
      );
      CREATE INDEX analytics_user_activity_recent_idx ON analytics_user_activity (role, last_day);
      CREATE TABLE analytics_payments (
        user_id uuid NOT NULL,
        period_start timestamptz NOT NULL,
        period_end timestamptz NOT NULL,
        paid_at timestamptz NOT NULL,
        amount_pence bigint NOT NULL,
        ended_at timestamptz,
        PRIMARY KEY (user_id, period_start)
      );

      CREATE TABLE analytics_page_views (
        session_id uuid NOT NULL,
        path text NOT NULL CHECK (char_length(path) BETWEEN 1 AND 120),
        viewed_at timestamptz NOT NULL
      );
      CREATE INDEX analytics_page_views_at_idx ON analytics_page_views USING brin (viewed_at);
      CREATE TABLE analytics_visits (
        session_id uuid NOT NULL,
        started_at timestamptz NOT NULL,
        ended_at timestamptz NOT NULL,
        views int NOT NULL,
        PRIMARY KEY (session_id, started_at)
      );
      CREATE TABLE analytics_visitor_days (
        day date NOT NULL,
        session_id uuid NOT NULL,
        PRIMARY KEY (day, session_id)
      );
      CREATE TABLE analytics_engagement_daily (
        day date PRIMARY KEY,
        page_views int NOT NULL DEFAULT 0,
        visitors int NOT NULL DEFAULT 0,
        visits int NOT NULL DEFAULT 0,
        visit_seconds bigint NOT NULL DEFAULT 0
      );
      -- Sign-ups per day by account type, read from the index alone.
      CREATE INDEX users_created_type_idx ON users (created_at) INCLUDE (user_type, is_admin);
      CREATE INDEX reviews_created_idx ON reviews (created_at) INCLUDE (rating) WHERE hidden_at IS NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX reviews_created_idx; DROP INDEX users_created_type_idx;
      DROP TABLE analytics_engagement_daily, analytics_visitor_days, analytics_visits, analytics_page_views,
                 analytics_payments, analytics_user_activity, analytics_applications, analytics_voyages, analytics_daily;
    `);
  }
}
