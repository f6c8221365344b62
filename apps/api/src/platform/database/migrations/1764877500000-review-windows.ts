import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * - `review_windows` (projection `review-windows`): each crew member a
 *   completed voyage recorded, and when their reviews with the skipper close.
 *   Read by the dashboard's "Reviews to write": a crew member's windows by
 *   `crew_id`, a skipper's through their completed voyages by `voyage_id`
 *   (the key). Filled from the log by the projection runner (a new
 *   projection starts at the beginning of the log).
 * - `reviews_moderated_idx`: a member's admin history lists the hiding of
 *   reviews about them (small: only moderated reviews). Those they wrote are
 *   found through `reviews_reviewer_idx`, a voyage's through the reviews'
 *   unique key.
 */
export class ReviewWindows1764877500000 implements MigrationInterface {
  name = 'ReviewWindows1764877500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE review_windows (
        voyage_id uuid NOT NULL,
        crew_id uuid NOT NULL,
        closes_at timestamptz NOT NULL,
        PRIMARY KEY (voyage_id, crew_id)
      );
      CREATE INDEX review_windows_crew_idx ON review_windows (crew_id, closes_at);
      CREATE INDEX reviews_moderated_idx ON reviews (reviewee_id) WHERE hidden_at IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX reviews_moderated_idx; DROP TABLE review_windows;');
  }
}
