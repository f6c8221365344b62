import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `subscriptions` becomes the read model of the Subscription streams (one per
 * member): the detailed state beside the display status, whether it ends at
 * the end of the paid year, the provider's subscription id, and the log
 * position of the last event applied.
 */
export class SubscriptionReadModel1764820000000 implements MigrationInterface {
  name = 'SubscriptionReadModel1764820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN state text NOT NULL DEFAULT 'active'
          CHECK (state IN ('checkout_pending', 'active', 'payment_failed', 'cancelling', 'expired', 'revoked')),
        ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
        ADD COLUMN provider_subscription_id text,
        ADD COLUMN last_commit bigint NOT NULL DEFAULT 0,
        ADD COLUMN last_prepare bigint NOT NULL DEFAULT 0;
      UPDATE subscriptions SET state = CASE status WHEN 'cancelled' THEN 'revoked' WHEN 'expired' THEN 'expired' ELSE 'active' END;
      -- The expiry clock looks for live subscriptions whose year has run out.
      CREATE INDEX subscriptions_live_end_idx ON subscriptions (end_date) WHERE state IN ('active', 'cancelling', 'payment_failed');
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX subscriptions_live_end_idx;
      ALTER TABLE subscriptions DROP COLUMN state, DROP COLUMN cancel_at_period_end, DROP COLUMN provider_subscription_id,
        DROP COLUMN last_commit, DROP COLUMN last_prepare;
    `);
  }
}
