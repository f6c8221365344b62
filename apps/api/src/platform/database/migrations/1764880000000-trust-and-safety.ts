import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trust and safety at sea. On voyage_summaries: `archived` (departed without
 * being started: out of browse, kept for its skipper and crew) and
 * `longest_leg_nm` (the match score's offshore rule, without reading the legs).
 * Read models of the `trust` projector: the verified sailing log, crew
 * agreements, the current float plan of each voyage and its safety timeline.
 * State table: the shore contacts a skipper names (personal data, erased with
 * the skipper's account; events name them by id only).
 */
export class TrustAndSafety1764880000000 implements MigrationInterface {
  name = 'TrustAndSafety1764880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE voyage_summaries ADD COLUMN archived boolean NOT NULL DEFAULT false;
      ALTER TABLE voyage_summaries ADD COLUMN longest_leg_nm integer NOT NULL DEFAULT 0;
      UPDATE voyage_summaries SET longest_leg_nm = coalesce((SELECT max((s ->> 'distanceNm')::int) FROM jsonb_array_elements(segments) s), 0);
      CREATE INDEX voyage_summaries_open_browse_live_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled' AND NOT archived;

      CREATE TABLE sailing_log (
        voyage_id uuid NOT NULL,
        crew_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'removed')),
        completed_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        confirmed_by text,
        legs jsonb NOT NULL DEFAULT '[]',
        distance_nm integer NOT NULL DEFAULT 0,
        days integer NOT NULL DEFAULT 0,
        last_commit bigint NOT NULL,
        last_prepare bigint NOT NULL,
        PRIMARY KEY (voyage_id, crew_id)
      );
      CREATE INDEX sailing_log_crew_idx ON sailing_log (crew_id, completed_at DESC) WHERE status = 'confirmed';
      CREATE INDEX sailing_log_pending_idx ON sailing_log (completed_at) WHERE status = 'pending';

      CREATE TABLE crew_agreements (
        agreement_id uuid PRIMARY KEY,
        voyage_id uuid NOT NULL,
        crew_id uuid NOT NULL,
        version integer NOT NULL,
        terms jsonb NOT NULL,
        issued_at timestamptz NOT NULL,
        accepted_version integer,
        accepted_terms jsonb,
        accepted_at timestamptz,
        share_emergency_contact boolean NOT NULL DEFAULT false,
        last_commit bigint NOT NULL,
        last_prepare bigint NOT NULL
      );
      CREATE INDEX crew_agreements_voyage_idx ON crew_agreements (voyage_id);
      CREATE INDEX crew_agreements_crew_idx ON crew_agreements (crew_id);

      CREATE TABLE float_plans (
        voyage_id uuid PRIMARY KEY,
        version integer NOT NULL,
        segment_order integer,
        departure_at timestamptz NOT NULL,
        expected_arrival_at timestamptz NOT NULL,
        aboard jsonb NOT NULL,
        boat_description text NOT NULL,
        call_sign text NOT NULL,
        notes text NOT NULL,
        shore_contact_ids jsonb NOT NULL,
        region text NOT NULL,
        filed_at timestamptz NOT NULL,
        departed_at timestamptz,
        arrived_at timestamptz,
        overdue_at timestamptz,
        last_lat double precision,
        last_lon double precision,
        last_position_at timestamptz,
        last_commit bigint NOT NULL,
        last_prepare bigint NOT NULL
      );
      CREATE INDEX float_plans_watch_idx ON float_plans (expected_arrival_at) WHERE arrived_at IS NULL AND overdue_at IS NULL;

      CREATE TABLE voyage_timeline (
        event_id uuid PRIMARY KEY,
        voyage_id uuid NOT NULL,
        at timestamptz NOT NULL,
        kind text NOT NULL,
        actor_id uuid,
        data jsonb NOT NULL,
        log_commit bigint NOT NULL,
        log_prepare bigint NOT NULL
      );
      CREATE INDEX voyage_timeline_voyage_idx ON voyage_timeline (voyage_id, log_commit, log_prepare);

      CREATE TABLE float_plan_contacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        voyage_id uuid NOT NULL,
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL DEFAULT '',
        -- The secret half of the contact's private link: 48 hex digits of two random UUIDs (over 180 random bits).
        link_key text NOT NULL DEFAULT left(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 48),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX float_plan_contacts_email_idx ON float_plan_contacts (voyage_id, lower(email));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE float_plan_contacts;
      DROP TABLE voyage_timeline;
      DROP TABLE float_plans;
      DROP TABLE crew_agreements;
      DROP TABLE sailing_log;
      DROP INDEX voyage_summaries_open_browse_live_idx;
      ALTER TABLE voyage_summaries DROP COLUMN longest_leg_nm;
      ALTER TABLE voyage_summaries DROP COLUMN archived;
    `);
  }
}
