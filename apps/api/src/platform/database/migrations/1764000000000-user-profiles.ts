import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A member's profile fields, kept on the account row: erasing a person erases them too. */
export class UserProfiles1764000000000 implements MigrationInterface {
  name = 'UserProfiles1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN phone_number text,
        ADD COLUMN profile_photo_url text,
        ADD COLUMN phone_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN identity_verified boolean NOT NULL DEFAULT false,
        ADD COLUMN profile_complete boolean NOT NULL DEFAULT false,
        ADD COLUMN sailing_experience jsonb,
        ADD COLUMN emergency_contact jsonb,
        ADD COLUMN crew_skills jsonb,
        ADD COLUMN crew_expectations jsonb;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        DROP COLUMN phone_number, DROP COLUMN profile_photo_url, DROP COLUMN phone_verified, DROP COLUMN identity_verified,
        DROP COLUMN profile_complete, DROP COLUMN sailing_experience, DROP COLUMN emergency_contact, DROP COLUMN crew_skills,
        DROP COLUMN crew_expectations;
    `);
  }
}
