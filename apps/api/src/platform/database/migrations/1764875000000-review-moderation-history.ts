import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's admin history lists the hiding of reviews about them: the
 * hidden reviews by the member they are about (small: only moderated ones).
 * Those they wrote are found through `reviews_reviewer_idx`, a voyage's
 * through the reviews' unique key.
 */
export class ReviewModerationHistory1764875000000 implements MigrationInterface {
  name = 'ReviewModerationHistory1764875000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX reviews_moderated_idx ON reviews (reviewee_id) WHERE hidden_at IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX reviews_moderated_idx');
  }
}
