import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reviews between the skipper and the crew of a completed voyage, and reports
 * about them. State tables, not events: a review is personal data and goes
 * with its author's account (and with the account it is about), through the
 * foreign keys. `visible_from` is when a review shows at the latest (14 days
 * after completion); it moves to the moment the second side reviews.
 */
export class Reviews1764840000000 implements MigrationInterface {
  name = 'Reviews1764840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        voyage_id uuid NOT NULL,
        reviewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reviewee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reviewer_role text NOT NULL CHECK (reviewer_role IN ('skipper', 'crew')),
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        body text NOT NULL CHECK (char_length(body) BETWEEN 20 AND 2000),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        visible_from timestamptz NOT NULL,
        hidden_at timestamptz,
        hidden_by uuid REFERENCES users (id) ON DELETE SET NULL,
        hidden_reason text,
        CONSTRAINT reviews_once UNIQUE (voyage_id, reviewer_id, reviewee_id),
        CONSTRAINT reviews_not_self CHECK (reviewer_id <> reviewee_id)
      );
      -- A member's reviews newest first, and their average, from the index alone.
      CREATE INDEX reviews_reviewee_idx ON reviews (reviewee_id, created_at DESC, id) INCLUDE (rating, visible_from) WHERE hidden_at IS NULL;
      CREATE INDEX reviews_reviewer_idx ON reviews (reviewer_id, voyage_id);

      CREATE TABLE review_reports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        review_id uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT review_reports_once UNIQUE (review_id, reporter_id)
      );
      CREATE INDEX review_reports_open_idx ON review_reports (created_at) WHERE status = 'open';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE review_reports; DROP TABLE reviews;');
  }
}
