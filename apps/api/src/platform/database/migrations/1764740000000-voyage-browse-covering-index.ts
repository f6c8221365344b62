import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The browse list under writes, uncached, with any mix of filters. EXPLAIN
 * ANALYZE at 10,000 voyages showed the totals costing most: a filter on
 * duration, contribution or the map's bounds counted every open voyage from
 * the heap (~2,000 pages). The open-voyages index now carries those columns,
 * so a page and its total are index-only scans of ~90 small pages; its key
 * (departure date order) is the list's order as before.
 *
 * Index-only scans stay index-only only while the visibility map is fresh, so
 * the table is vacuumed after 2 % of its rows changed instead of 20 %. The
 * text-search index keeps a short pending list (256 kB, flushed by those
 * vacuums too): every search scans it, and edits stay cheap to project.
 */
export class VoyageBrowseCoveringIndex1764740000000 implements MigrationInterface {
  name = 'VoyageBrowseCoveringIndex1764740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX voyage_summaries_open_browse_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status <> 'draft' AND status <> 'cancelled';
      DROP INDEX voyage_summaries_open_start_idx;
      ALTER TABLE voyage_summaries SET (
        autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_vacuum_insert_scale_factor = 0.02,
        autovacuum_analyze_scale_factor = 0.05
      );
      ALTER INDEX voyage_summaries_search_idx SET (gin_pending_list_limit = 256);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER INDEX voyage_summaries_search_idx RESET (gin_pending_list_limit);
      ALTER TABLE voyage_summaries RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_insert_scale_factor, autovacuum_analyze_scale_factor);
      CREATE INDEX voyage_summaries_open_start_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        WHERE status <> 'draft' AND status <> 'cancelled';
      DROP INDEX voyage_summaries_open_browse_idx;
    `);
  }
}
