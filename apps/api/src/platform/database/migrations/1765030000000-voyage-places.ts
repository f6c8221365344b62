import { placesOfRoutes, type Route } from '@crew/projections';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Searches that find what sailors type, and a browse of voyages that can
 * still be joined.
 *
 * - `voyage_summaries.places`: every port of every leg, their countries and
 *   the seas, coasts and island groups they lie in ("Split, Hvar, Croatia,
 *   Hrvatska, Mediterranean, Adriatic, Dalmatia, …"), written by the
 *   voyage-summaries projector (voyage-places.ts); filled here for the rows
 *   already there, with the same code, so a rebuild writes the same rows.
 *   The generated search vector takes it with the ports (weight B), so
 *   "Caribbean" or "Greek Islands" finds a voyage through its legs' ports.
 * - `voyage_summaries_open_idx`: browse lists only voyages that can still be
 *   joined (planning or active, not suspended or archived, their skipper not
 *   suspended, departing after today: see voyageFilters in the voyages
 *   module). The flags are the predicate; the departure date, which moves
 *   with the clock and cannot be in a predicate, is the key: the scan starts
 *   at tomorrow, and the page and its total stay index-only scans.
 *   `voyage_summaries_browse_idx` stays for the lists a status filter asks
 *   for (full, under way, sailed).
 * - `ports_position_idx`: a point dropped on the map takes the country of
 *   the nearest port; the projector finds it in a narrow band of latitude.
 */
export class VoyagePlaces1765030000000 implements MigrationInterface {
  name = 'VoyagePlaces1765030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE voyage_summaries ADD COLUMN places text NOT NULL DEFAULT '';
      CREATE INDEX ports_position_idx ON ports (latitude, longitude);
    `);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await queryRunner.query(`SELECT voyage_id, segments FROM voyage_summaries WHERE voyage_id > $1 ORDER BY voyage_id LIMIT 2000`, [after])) as {
        voyage_id: string;
        segments: Route;
      }[];
      if (rows.length === 0) break;
      const places = await placesOfRoutes(
        queryRunner,
        rows.map((row) => row.segments),
      );
      await queryRunner.query(`UPDATE voyage_summaries v SET places = u.places FROM unnest($1::uuid[], $2::text[]) AS u(voyage_id, places) WHERE v.voyage_id = u.voyage_id`, [
        rows.map((row) => row.voyage_id),
        places,
      ]);
      after = rows[rows.length - 1]?.voyage_id ?? after;
    }
    await queryRunner.query(`
      ALTER TABLE voyage_summaries DROP COLUMN search;
      ALTER TABLE voyage_summaries ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', crew_unaccent(coalesce(title, ''))), 'A') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(departure_port, '') || ' ' || coalesce(arrival_port, '') || ' ' || places)), 'B') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(description, ''))), 'C')
      ) STORED;
      CREATE INDEX voyage_summaries_search_idx ON voyage_summaries USING gin (search) WITH (gin_pending_list_limit = 256);
      CREATE INDEX voyage_summaries_open_idx ON voyage_summaries (start_date ASC NULLS LAST, voyage_id)
        INCLUDE (duration_days, contribution_type, longitude, latitude)
        WHERE status IN ('planning', 'active') AND NOT suspended AND NOT archived AND NOT owner_suspended;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX voyage_summaries_open_idx;
      DROP INDEX ports_position_idx;
      ALTER TABLE voyage_summaries DROP COLUMN search;
      ALTER TABLE voyage_summaries DROP COLUMN places;
      ALTER TABLE voyage_summaries ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', crew_unaccent(coalesce(title, ''))), 'A') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(departure_port, '') || ' ' || coalesce(arrival_port, ''))), 'B') ||
        setweight(to_tsvector('simple', crew_unaccent(coalesce(description, ''))), 'C')
      ) STORED;
      CREATE INDEX voyage_summaries_search_idx ON voyage_summaries USING gin (search) WITH (gin_pending_list_limit = 256);
    `);
  }
}
