import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `activity` projection (libs/projections/src/activity):
 *
 * - `activity_feed`: one row per member an event concerns, keyed by (member,
 *   event): what happened (`kind`), on which voyage, who else took part
 *   (`actor_id`: null when it was the member), the application or agreement
 *   it names, and when. Ids and times only: names and titles are joined when
 *   read, so an erased account leaves nothing readable and a rebuild gives
 *   the same rows. A member's feed, newest first, is a range of
 *   `activity_feed_member_idx`; a deleted voyage's rows go by `voyage_id`.
 * - `activity_voyages`: the projection's own memory of each voyage's skipper
 *   (from the voyage's first event), so that an application or an accepted
 *   agreement reaches the skipper without reading another projection.
 *
 * Filled from the log by the projection runner (a new projection starts at
 * the beginning of the log).
 */
export class ActivityFeed1764990000000 implements MigrationInterface {
  name = 'ActivityFeed1764990000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE activity_feed (
        member_id uuid NOT NULL,
        event_id uuid NOT NULL,
        kind text NOT NULL,
        voyage_id uuid NOT NULL,
        actor_id uuid,
        subject_id uuid,
        at timestamptz NOT NULL,
        PRIMARY KEY (member_id, event_id)
      );
      CREATE INDEX activity_feed_member_idx ON activity_feed (member_id, at DESC, event_id DESC);
      CREATE INDEX activity_feed_voyage_idx ON activity_feed (voyage_id);

      CREATE TABLE activity_voyages (
        voyage_id uuid PRIMARY KEY,
        skipper_id uuid NOT NULL
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE activity_voyages; DROP TABLE activity_feed;');
  }
}
