import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal data in events is sealed with a key per member (docs/privacy.md).
 *
 * - `member_data_keys`: one AES-256 key per member, made on first use; erasing
 *   the member sets it to NULL (a tombstone with the time), after which what
 *   was sealed with it reads as "(removed)". No foreign key to users: the
 *   tombstone outlives the account row.
 * - `member_data_streams`: which streams hold a member's sealed values, so
 *   erasure can drop those streams' snapshots and refuse new ones.
 * - `personal_data_sealing`: when the events appended before sealing existed
 *   were sealed in place (once per event store).
 */
export class MemberDataKeys1765140000000 implements MigrationInterface {
  name = 'MemberDataKeys1765140000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE member_data_keys (
        member_id uuid PRIMARY KEY,
        data_key bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        destroyed_at timestamptz,
        CONSTRAINT member_data_keys_key_or_tombstone CHECK ((data_key IS NULL) = (destroyed_at IS NOT NULL))
      );
      CREATE TABLE member_data_streams (
        member_id uuid NOT NULL,
        stream_id text NOT NULL,
        PRIMARY KEY (member_id, stream_id)
      );
      CREATE INDEX member_data_streams_stream_idx ON member_data_streams (stream_id);
      CREATE TABLE personal_data_sealing (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        sealed_events integer NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE personal_data_sealing; DROP TABLE member_data_streams; DROP TABLE member_data_keys;');
  }
}
