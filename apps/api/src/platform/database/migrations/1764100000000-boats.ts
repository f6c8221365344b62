import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Skippers' boats: state, owned by a user, erased with them. */
export class Boats1764100000000 implements MigrationInterface {
  name = 'Boats1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE boats (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        boat_type text NOT NULL,
        make_model text NOT NULL DEFAULT '',
        year_built integer,
        length_feet numeric(6, 1) NOT NULL,
        beam_feet numeric(5, 1),
        draft_feet numeric(4, 1),
        max_crew integer NOT NULL DEFAULT 6,
        berths integer,
        heads integer,
        home_port_name text NOT NULL DEFAULT '',
        registration_number text NOT NULL DEFAULT '',
        registration_country text,
        description text NOT NULL DEFAULT '',
        equipment jsonb NOT NULL DEFAULT '{"safety": [], "navigation": [], "comfort": []}',
        boat_photo_url text,
        boat_photo_thumbnail_url text,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX boats_owner_idx ON boats (owner_id, created_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE boats');
  }
}
