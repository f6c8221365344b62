import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One index for exactly what browse shows. Browse filters on four flags (not
 * a draft, not cancelled, not suspended, not archived), but each covering index
 * left one out (`suspended` in one, `archived` in the other), so a total had to
 * read every open voyage's row from the heap to check it: a filter on
 * contribution or duration alone counted ~2,000 heap pages at 10,000 voyages,
 * the slow tail of the uncached list under writes. With all four in the
 * predicate, a page and its total are index-only scans again; the two
 * narrower indexes go (one fewer index for every projected edit to update).
 */
export class VoyageBrowseIndex1764890000000 implements MigrationInterface {
  name = 'VoyageBrowseIndex1764890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX voyage_summaries_browse_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled' AND NOT suspended AND NOT archived;
      DROP INDEX voyage_summaries_open_browse_idx;
      DROP INDEX voyage_summaries_open_browse_live_idx;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX voyage_summaries_open_browse_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled' AND NOT suspended;
      CREATE INDEX voyage_summaries_open_browse_live_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled' AND NOT archived;
      DROP INDEX voyage_summaries_browse_idx;
    `);
  }
}
