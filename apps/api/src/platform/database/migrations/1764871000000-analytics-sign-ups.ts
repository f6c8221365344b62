import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-ups per UTC day and account type, for Platform Analytics' growth
 * figures and user growth chart: a year and the year before it are read in a
 * few thousand rows instead of every account. Kept exact by a trigger on
 * `users` (insert, delete, change of type, admin flag or sign-up time), like
 * `user_counts`; an erased account leaves its day, as it leaves the table.
 */
export class AnalyticsSignUps1764871000000 implements MigrationInterface {
  name = 'AnalyticsSignUps1764871000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE analytics_sign_ups_daily (
        day date NOT NULL,
        user_type text NOT NULL,
        is_admin boolean NOT NULL,
        users int NOT NULL DEFAULT 0,
        PRIMARY KEY (day, user_type, is_admin)
      );
      INSERT INTO analytics_sign_ups_daily (day, user_type, is_admin, users)
        SELECT (created_at AT TIME ZONE 'UTC')::date, user_type, is_admin, count(*) FROM users GROUP BY 1, 2, 3;

      CREATE FUNCTION crew_count_sign_ups() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          UPDATE analytics_sign_ups_daily SET users = users - 1
           WHERE day = (OLD.created_at AT TIME ZONE 'UTC')::date AND user_type = OLD.user_type AND is_admin = OLD.is_admin;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO analytics_sign_ups_daily (day, user_type, is_admin, users)
          VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.user_type, NEW.is_admin, 1)
            ON CONFLICT (day, user_type, is_admin) DO UPDATE SET users = analytics_sign_ups_daily.users + 1;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER users_sign_ups_counted AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION crew_count_sign_ups();
      CREATE TRIGGER users_sign_ups_recounted AFTER UPDATE OF user_type, is_admin, created_at ON users FOR EACH ROW
        WHEN (OLD.user_type IS DISTINCT FROM NEW.user_type OR OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.created_at IS DISTINCT FROM NEW.created_at)
        EXECUTE FUNCTION crew_count_sign_ups();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER users_sign_ups_recounted ON users;
      DROP TRIGGER users_sign_ups_counted ON users;
      DROP FUNCTION crew_count_sign_ups();
      DROP TABLE analytics_sign_ups_daily;
    `);
  }
}
