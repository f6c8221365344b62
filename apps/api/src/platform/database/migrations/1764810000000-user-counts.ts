import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counts the admin's user stat cards read without scanning every user:
 * - `user_counts`: users per (user_type, is_admin), kept exact by a trigger
 *   on `users` (insert, delete, change of type or admin flag);
 * - `subscriptions.paying`: whether the subscriber is a crew member (crew or
 *   both, not an administrator), kept by triggers on both tables, so the
 *   premium count reads only the partial index of active subscriptions.
 */
export class UserCounts1764810000000 implements MigrationInterface {
  name = 'UserCounts1764810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_counts (
        user_type text NOT NULL,
        is_admin boolean NOT NULL,
        users bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (user_type, is_admin)
      );
      INSERT INTO user_counts (user_type, is_admin, users)
        SELECT user_type, is_admin, count(*) FROM users GROUP BY user_type, is_admin;

      CREATE FUNCTION crew_count_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE user_counts SET users = users - 1 WHERE user_type = OLD.user_type AND is_admin = OLD.is_admin;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO user_counts (user_type, is_admin, users) VALUES (NEW.user_type, NEW.is_admin, 1)
            ON CONFLICT (user_type, is_admin) DO UPDATE SET users = user_counts.users + 1;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER users_counted AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION crew_count_users();
      CREATE TRIGGER users_recounted AFTER UPDATE OF user_type, is_admin ON users FOR EACH ROW
        WHEN (OLD.user_type IS DISTINCT FROM NEW.user_type OR OLD.is_admin IS DISTINCT FROM NEW.is_admin)
        EXECUTE FUNCTION crew_count_users();

      ALTER TABLE subscriptions ADD COLUMN paying boolean NOT NULL DEFAULT false;
      UPDATE subscriptions s SET paying = (NOT u.is_admin AND u.user_type IN ('crew', 'both')) FROM users u WHERE u.id = s.user_id;
      CREATE INDEX subscriptions_paying_active_idx ON subscriptions (end_date) WHERE status = 'active' AND paying;

      CREATE FUNCTION crew_subscription_paying() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.paying := coalesce((SELECT NOT u.is_admin AND u.user_type IN ('crew', 'both') FROM users u WHERE u.id = NEW.user_id), false);
        RETURN NEW;
      END $$;
      CREATE TRIGGER subscriptions_paying BEFORE INSERT OR UPDATE OF user_id ON subscriptions FOR EACH ROW EXECUTE FUNCTION crew_subscription_paying();

      CREATE FUNCTION crew_user_paying_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE subscriptions SET paying = (NOT NEW.is_admin AND NEW.user_type IN ('crew', 'both')) WHERE user_id = NEW.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER users_paying_changed AFTER UPDATE OF user_type, is_admin ON users FOR EACH ROW
        WHEN (OLD.user_type IS DISTINCT FROM NEW.user_type OR OLD.is_admin IS DISTINCT FROM NEW.is_admin)
        EXECUTE FUNCTION crew_user_paying_changed();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER users_paying_changed ON users;
      DROP FUNCTION crew_user_paying_changed();
      DROP TRIGGER subscriptions_paying ON subscriptions;
      DROP FUNCTION crew_subscription_paying();
      DROP INDEX subscriptions_paying_active_idx;
      ALTER TABLE subscriptions DROP COLUMN paying;
      DROP TRIGGER users_recounted ON users;
      DROP TRIGGER users_counted ON users;
      DROP FUNCTION crew_count_users();
      DROP TABLE user_counts;
    `);
  }
}
