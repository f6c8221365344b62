import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the skipper says about meals, and the admin's moderation queue.
 *
 * - `voyage_summaries.includes_food`: the skipper's "Includes food" checkbox
 *   (VoyageDetails.includesFood), written by the voyage-summaries projector.
 *   Voyages saved before the checkbox said nothing about meals: false, as the
 *   upcaster reads their events.
 * - `voyage_summaries.flagged_for_review`, `flag_notes`: a voyage an
 *   administrator flagged for review and has not cleared since. Voyages
 *   flagged before the queue existed are found in the log (when it is in this
 *   database) so the queue starts with them; a rebuild writes the same rows.
 *   A partial index keeps the queue a small scan.
 */
export class VoyageFoodAndFlags1765130000001 implements MigrationInterface {
  name = 'VoyageFoodAndFlags1765130000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE voyage_summaries
        ADD COLUMN includes_food boolean NOT NULL DEFAULT false,
        ADD COLUMN flagged_for_review boolean NOT NULL DEFAULT false,
        ADD COLUMN flag_notes text NOT NULL DEFAULT '';
      CREATE INDEX voyage_summaries_flagged_idx ON voyage_summaries (created_at DESC) WHERE flagged_for_review;
    `);
    const [log] = (await queryRunner.query(`SELECT to_regclass('events') IS NOT NULL AS present`)) as { present: boolean }[];
    if (log?.present) {
      await queryRunner.query(`
        UPDATE voyage_summaries v SET flagged_for_review = true, flag_notes = coalesce(f.notes, '')
          FROM (SELECT DISTINCT ON (stream_id) stream_id, CASE WHEN jsonb_typeof(data->'notes') = 'string' THEN data->>'notes' END AS notes
                  FROM events WHERE event_type = 'VoyageFlaggedForReview' ORDER BY stream_id, position DESC) f
         WHERE f.stream_id = 'voyage-' || v.voyage_id::text
      `);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX voyage_summaries_flagged_idx;
      ALTER TABLE voyage_summaries DROP COLUMN includes_food, DROP COLUMN flagged_for_review, DROP COLUMN flag_notes;
    `);
  }
}
