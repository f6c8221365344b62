import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `saved_search_matches` without its foreign key to `saved_searches`.
 *
 * A new voyage writes a match row for every search it matches (about 1,300
 * of 100,000 in the alerts bench), and the key's check locked each of those
 * searches' rows one by one: over half of the time of matching a voyage.
 * The reactor inserts only the searches it has just read, so the check
 * proved nothing it did not already know. What the key's ON DELETE CASCADE
 * did (a deleted search, or a member's account erased, takes its matches
 * along) is done by a statement trigger, one DELETE per statement however
 * many searches go. A match written by a reactor whose transaction began
 * before the search's deletion committed may outlive it; it names only two
 * ids and every reader joins the search, so it is never shown or mailed.
 */
export class SavedSearchMatchesUnchecked1766530000000 implements MigrationInterface {
  name = 'SavedSearchMatchesUnchecked1766530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE saved_search_matches DROP CONSTRAINT saved_search_matches_search_id_fkey;
      CREATE FUNCTION crew_forget_search_matches() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM saved_search_matches m USING gone g WHERE m.search_id = g.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER saved_searches_forget_matches AFTER DELETE ON saved_searches
        REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION crew_forget_search_matches();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER saved_searches_forget_matches ON saved_searches;
      DROP FUNCTION crew_forget_search_matches();
      DELETE FROM saved_search_matches m WHERE NOT EXISTS (SELECT 1 FROM saved_searches s WHERE s.id = m.search_id);
      ALTER TABLE saved_search_matches ADD CONSTRAINT saved_search_matches_search_id_fkey
        FOREIGN KEY (search_id) REFERENCES saved_searches (id) ON DELETE CASCADE;
    `);
  }
}
