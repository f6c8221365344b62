import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counts the admin's user stat cards read without scanning every user:
 * `user_counts`, users per (user_type, is_admin), kept exact by a trigger on
 * `users` (insert, delete, change of type or admin flag).
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

    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER users_recounted ON users;
      DROP TRIGGER users_counted ON users;
      DROP FUNCTION crew_count_users();
      DROP TABLE user_counts;
    `);
  }
}
