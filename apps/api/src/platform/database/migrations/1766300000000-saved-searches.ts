import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved searches with alerts, and berth watch (apps/api/src/modules/alerts).
 *
 * - `saved_searches`: a member's browse filters as they saved them (`filters`,
 *   `bbox`), and the same filters in the forms a new voyage is matched with:
 *   `area` (the map view as a box; the whole world without one; the part east
 *   of the 180° meridian when the view crosses it, `area_wrap` the part
 *   west of it), `departure` (a date range, unbounded without dates),
 *   `duration` (the browse bucket as a day range), `contribution` (1 free,
 *   2 shared costs, 3 paid, as a range so "any" is unbounded), and the
 *   search words (`words`, each a prefix of a word of the voyage). Searches
 *   without words are found through one GiST index over the four ranges,
 *   those with words through a B-tree index over their first word (looked
 *   up once per prefix of the voyage's words: a GIN index answers "every
 *   word among these" about ten times slower); both are exact after a
 *   recheck of every filter (voyage-matching.ts).
 * - `saved_search_matches`: each voyage a search matched, once (key: search,
 *   voyage), written by the voyage-alerts reactor with its checkpoint; the
 *   instant mail and the digests read it, and the count of new voyages on
 *   /saved-searches, all by search through its key: a popular voyage adds
 *   thousands of rows at once, so no other index slows that down.
 * - `saved_search_digests`: one row per search and period (`2026-11-27`,
 *   `2026-W48`): a digest is made once per period, whatever runs it, and
 *   takes the matches found before its edition's morning (`covers_until`);
 *   `queued_at` marks its mail queued (a pass that stopped before that
 *   queues it next time, under the same job id).
 * - `voyage_watches`: full voyages a member asked to hear about.
 * Everything goes with the member's account (ON DELETE CASCADE).
 */
export class SavedSearches1766300000000 implements MigrationInterface {
  name = 'SavedSearches1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE saved_searches (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        filters jsonb NOT NULL,
        bbox float8[] NULL,
        alert text NOT NULL CONSTRAINT saved_searches_alert_known CHECK (alert IN ('instant', 'daily', 'weekly', 'off')),
        time_zone text NOT NULL DEFAULT 'UTC',
        area box NOT NULL,
        area_wrap box NULL,
        departure daterange NOT NULL,
        duration int4range NOT NULL,
        contribution int4range NOT NULL,
        status text NULL,
        skipper_id uuid NULL,
        words text[] NOT NULL DEFAULT '{}',
        first_word text GENERATED ALWAYS AS (words[1]) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_opened_at timestamptz NULL
      );
      CREATE INDEX saved_searches_member_idx ON saved_searches (user_id, created_at);
      CREATE INDEX saved_searches_ranges_idx ON saved_searches USING gist (area, departure, duration, contribution) WHERE words = '{}';
      CREATE INDEX saved_searches_wrap_idx ON saved_searches USING gist (area_wrap) WHERE area_wrap IS NOT NULL AND words = '{}';
      CREATE INDEX saved_searches_first_word_idx ON saved_searches (first_word) WHERE words <> '{}';
      CREATE INDEX saved_searches_digest_idx ON saved_searches (alert) WHERE alert IN ('daily', 'weekly');

      CREATE TABLE saved_search_matches (
        search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
        voyage_id uuid NOT NULL,
        matched_at timestamptz NOT NULL,
        log_commit bigint NOT NULL,
        mailed_at timestamptz NULL,
        digest_id uuid NULL,
        PRIMARY KEY (search_id, voyage_id)
      );

      CREATE TABLE saved_search_digests (
        id uuid PRIMARY KEY,
        search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
        period text NOT NULL,
        covers_until timestamptz NOT NULL,
        voyage_count int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        queued_at timestamptz NULL,
        CONSTRAINT saved_search_digests_once UNIQUE (search_id, period)
      );
      CREATE INDEX saved_search_digests_unqueued_idx ON saved_search_digests (id) WHERE queued_at IS NULL;

      CREATE TABLE voyage_watches (
        voyage_id uuid NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (voyage_id, user_id)
      );
      CREATE INDEX voyage_watches_member_idx ON voyage_watches (user_id, created_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE voyage_watches;
      DROP TABLE saved_search_digests;
      DROP TABLE saved_search_matches;
      DROP TABLE saved_searches;
    `);
  }
}
