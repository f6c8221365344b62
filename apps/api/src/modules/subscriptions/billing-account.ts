import { PLATFORM_CONFIG_DEFAULTS } from '@crew/domain';
import type { DataSource } from 'typeorm';

/** The annual price as the platform config read model says it is now (a key never set shows its default). */
export async function currentPriceGbp(dataSource: DataSource): Promise<number> {
  const [row] = await dataSource.query<{ value: unknown }[]>(`SELECT value FROM platform_config WHERE key = 'subscription_price_gbp'`);
  const value = row?.value;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : PLATFORM_CONFIG_DEFAULTS.subscriptionPriceGbp;
}

/** The member's billing account at the payment provider, as the subscriptions read model holds it. */
export async function billingAccountOf(dataSource: DataSource, userId: string): Promise<string | null> {
  const [row] = await dataSource.query<{ stripe_customer_id: string | null }[]>(`SELECT stripe_customer_id FROM subscriptions WHERE user_id = $1`, [userId]);
  return row?.stripe_customer_id ?? null;
}
