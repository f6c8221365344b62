import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The words of every skipper's name, as the name index spells them (see crew_person_name_vector). */
export const SKIPPER_NAME_WORDS_SQL = `
  SELECT u.id, w.word FROM users u, unnest(tsvector_to_array(crew_person_name_vector(u.first_name, u.last_name))) AS w(word)
   WHERE u.user_type IN ('skipper', 'both')`;

/**
 * Reads that stay quick with a million members and 100,000 voyages
 * (`node dist/bench/run-all.js scale`, docs/benchmarks.md):
 * - `skipper_name_words`: each word of each skipper's name, kept by a trigger
 *   on users (deleted with the member), with a prefix index. A browse search
 *   word that starts a skipper's name finds that skipper from the index
 *   alone; the name index of users had to read each matching member's row
 *   (12,800 rows for "ale" among a million members) before anything else.
 * - `voyage_summaries_open_skippers_idx`: the skippers of voyages still open
 *   to crew, so the skippers a search word names are only those whose
 *   voyages can be browsed (about 600 of those 12,800).
 * - `applications_voyage_idx` carries each application's status and answer
 *   time: a skipper's responsiveness on the voyage cards and profile reads
 *   the index alone, and the planner no longer prefers reading every
 *   application to the index for a page's twenty skippers.
 * - `users.admin_search` keeps a histogram of 1,000 values instead of 100:
 *   with the default, the planner took every "%name%" of the admin users
 *   search for a rare word and fetched and sorted all of its matches (40,000
 *   for a common surname), where walking the members by join date finds a
 *   page in a few hundred rows.
 * - `subscriptions_active_end_idx`: the admin's premium count reads only the
 *   active subscriptions' end dates.
 */
export class ReadsAtScale1766714523000 implements MigrationInterface {
  name = 'ReadsAtScale1766714523000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE skipper_name_words (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        word text NOT NULL,
        PRIMARY KEY (user_id, word)
      );
      INSERT INTO skipper_name_words (user_id, word) ${SKIPPER_NAME_WORDS_SQL} ON CONFLICT DO NOTHING;
      CREATE INDEX skipper_name_words_prefix_idx ON skipper_name_words (word text_pattern_ops, user_id);
      CREATE FUNCTION crew_skipper_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM skipper_name_words WHERE user_id = OLD.id;
        END IF;
        IF NEW.user_type IN ('skipper', 'both') THEN
          INSERT INTO skipper_name_words (user_id, word)
            SELECT NEW.id, w.word FROM unnest(tsvector_to_array(crew_person_name_vector(NEW.first_name, NEW.last_name))) AS w(word)
            ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER users_skipper_name_words AFTER INSERT OR UPDATE OF first_name, last_name, user_type ON users
        FOR EACH ROW EXECUTE FUNCTION crew_skipper_name_words();

      CREATE INDEX voyage_summaries_open_skippers_idx ON voyage_summaries (skipper_id)
        WHERE status IN ('planning', 'active') AND NOT suspended AND NOT archived AND NOT owner_suspended;

      DROP INDEX applications_voyage_idx;
      CREATE INDEX applications_voyage_idx ON applications (voyage_id, created_at) INCLUDE (status, decided_at);

      ALTER TABLE users ALTER COLUMN admin_search SET STATISTICS 1000;
      ANALYZE users (admin_search);
      CREATE INDEX subscriptions_active_end_idx ON subscriptions (end_date) WHERE status = 'active';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX subscriptions_active_end_idx;
      ALTER TABLE users ALTER COLUMN admin_search SET STATISTICS -1;
      DROP INDEX applications_voyage_idx;
      CREATE INDEX applications_voyage_idx ON applications (voyage_id, created_at);
      DROP INDEX voyage_summaries_open_skippers_idx;
      DROP TRIGGER users_skipper_name_words ON users;
      DROP FUNCTION crew_skipper_name_words();
      DROP TABLE skipper_name_words;
    `);
  }
}
