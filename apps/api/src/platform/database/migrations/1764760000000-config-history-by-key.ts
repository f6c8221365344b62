import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The config screen's full history filters by key, newest first, a page at a time. */
export class ConfigHistoryByKey1764760000000 implements MigrationInterface {
  name = 'ConfigHistoryByKey1764760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX config_history_key_idx ON config_history (key, log_commit, log_prepare)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX config_history_key_idx');
  }
}
