import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Page-view intake limits. `page_view_limits` holds the counters (rate-limiter-
 * flexible's PostgreSQL layout: key, points, expiry in epoch ms) when REDIS_URL
 * is not set, apart from the sign-in counters so a flood of beacons never
 * crowds them. `analytics_dropped_daily` counts, per UTC day of arrival, the
 * beacons and views answered but not recorded, by reason.
 */
export class PageViewLimits1764906000000 implements MigrationInterface {
  name = 'PageViewLimits1764906000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE page_view_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      );
      CREATE INDEX page_view_limits_expire_idx ON page_view_limits (expire);
      CREATE TABLE analytics_dropped_daily (
        day date NOT NULL,
        reason text NOT NULL CHECK (reason IN ('unknown_route', 'browser_limit', 'rate_limit')),
        beacons int NOT NULL DEFAULT 0,
        views int NOT NULL DEFAULT 0,
        PRIMARY KEY (day, reason)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE analytics_dropped_daily, page_view_limits;`);
  }
}
