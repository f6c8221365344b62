import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Suspending a member (User Management → Suspend).
 *
 * - `account_suspensions`: state, one row while an account is suspended (the
 *   reason, when and by whom); sign-in is refused while it exists. It goes with
 *   the account (cascade); the history of suspensions is in the audit trail.
 * - `voyage_summaries.owner_suspended`: set by the voyage-summaries projector
 *   from the suspension events, so a suspended member's voyages leave browse,
 *   map, search and the sitemap, and come back on reinstatement. The projector
 *   keeps the suspended owners it has seen in `voyage_owner_suspensions` (its
 *   own state from the log), so a voyage it writes later starts out right.
 * - The browse index's predicate gains the new flag, so a page and its total
 *   stay index-only scans.
 */
export class AccountSuspensions1765020000000 implements MigrationInterface {
  name = 'AccountSuspensions1765020000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE account_suspensions (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        reason text NOT NULL,
        suspended_at timestamptz NOT NULL DEFAULT now(),
        suspended_by uuid
      );
      CREATE TABLE voyage_owner_suspensions (user_id uuid PRIMARY KEY);
      ALTER TABLE voyage_summaries ADD COLUMN owner_suspended boolean NOT NULL DEFAULT false;
      CREATE INDEX voyage_summaries_browse_visible_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled' AND NOT suspended AND NOT archived AND NOT owner_suspended;
      DROP INDEX voyage_summaries_browse_idx;
      ALTER INDEX voyage_summaries_browse_visible_idx RENAME TO voyage_summaries_browse_idx;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX voyage_summaries_browse_idx;
      CREATE INDEX voyage_summaries_browse_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled' AND NOT suspended AND NOT archived;
      ALTER TABLE voyage_summaries DROP COLUMN owner_suspended;
      DROP TABLE voyage_owner_suspensions;
      DROP TABLE account_suspensions;
    `);
  }
}
