import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `saved_search_voyages_matched`: each voyage the alerts reactor has matched
 * against the saved searches at least once.
 *
 * Matching a voyage left out the searches already recorded with it, one
 * probe of the (search, voyage) key per search found: about a quarter of
 * the time of matching a voyage with 1,755 matches, and useless the first
 * time a voyage is matched, when none can be recorded. The reactor now
 * notes the voyage here in the same statement and makes the check only for
 * a voyage noted before. A row is never deleted: a voyage's matches may only
 * exist if its row does, so a lost row would let a second insert collide
 * with the key (which still refuses it). Filled with the voyages already
 * matched.
 */
export class VoyagesMatched1766800000000 implements MigrationInterface {
  name = 'VoyagesMatched1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE saved_search_voyages_matched (voyage_id uuid PRIMARY KEY);
      INSERT INTO saved_search_voyages_matched (voyage_id) SELECT DISTINCT voyage_id FROM saved_search_matches;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE saved_search_voyages_matched');
  }
}
