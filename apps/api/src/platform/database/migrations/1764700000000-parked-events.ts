import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dead letters of the log consumers: an event a projector or reactor could
 * not apply (after retries), with its error, and the later events of the same
 * stream held behind it so a stream's rows never see its events out of order.
 * Ops list and retry them with `npm run projections -- parked | retry`.
 */
export class ParkedEvents1764700000000 implements MigrationInterface {
  name = 'ParkedEvents1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE parked_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        log_commit bigint NOT NULL,
        log_prepare bigint NOT NULL,
        stream_id text NOT NULL,
        event_type text NOT NULL,
        error text NOT NULL,
        -- The earlier parked event of the same stream this one waits behind; null when it failed itself.
        held_behind uuid,
        attempts integer NOT NULL DEFAULT 1,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );
      CREATE INDEX parked_events_stream_idx ON parked_events (consumer, stream_id, log_commit, log_prepare);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE parked_events');
  }
}
