import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification preferences: a member's switch per kind of mail
 * (docs/features/notifications.md).
 *
 * - `notification_preferences`: one row per member and kind they have set;
 *   a kind without a row is on, so every member starts with everything on
 *   and a new kind needs no backfill. `news` has no row here: it is the
 *   campaign opt-out, kept where campaigns, unsubscribe links and the data
 *   export already read it (`mail_preferences.marketing`), so each switch
 *   has one home. The rows go with the account (ON DELETE CASCADE).
 */
export class NotificationPreferences1766320000000 implements MigrationInterface {
  name = 'NotificationPreferences1766320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification_preferences (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CONSTRAINT notification_preferences_kind_known
          CHECK (kind IN ('application_updates', 'messages', 'reviews', 'saved_search_alerts', 'berth_watch', 'subscription')),
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, kind)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notification_preferences;`);
  }
}
