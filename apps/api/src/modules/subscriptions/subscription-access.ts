import {
  accessGuidance,
  decideAccess,
  hasActiveSubscription,
  PLATFORM_CONFIG_DEFAULTS,
  type AccessDecision,
  type AccessGuidance,
  type MonetizationTermsInput,
  type SubscriptionStateName,
} from '@crew/domain';
import type { OrNull, SubscriptionRow } from '@crew/projections';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../platform/application-error';

/** What the access policy needs about one user, and what the subscription page shows beside its answer. */
export interface AccessFacts {
  readonly userType: 'skipper' | 'crew' | 'both' | 'admin';
  readonly isAdmin: boolean;
  readonly createdAt: Date;
  readonly monetizationEnabled: boolean;
  readonly rolloutPercentage: number;
  readonly freeTrialPeriodDays: number;
  readonly priceGbp: number;
  readonly grandfathered: boolean;
  readonly betaTester: boolean;
  readonly subscription: {
    readonly state: Exclude<SubscriptionStateName, 'none'>;
    readonly source: 'payment' | 'admin';
    readonly startedAt: Date;
    readonly periodEnd: Date;
    readonly cancelAtPeriodEnd: boolean;
    readonly providerCustomerId: string | null;
  } | null;
}

/** The user and settings, with their subscription LEFT JOINed (null when they never had one). */
interface FactsRow extends OrNull<Pick<SubscriptionRow, 'state' | 'source' | 'start_date' | 'end_date' | 'cancel_at_period_end' | 'stripe_customer_id'>> {
  user_type: AccessFacts['userType'];
  is_admin: boolean;
  created_at: Date;
  monetization_enabled: boolean | null;
  rollout_percentage: number | null;
  free_trial_period_days: number | null;
  subscription_price_gbp: number | null;
  grandfathered: boolean;
  beta: boolean;
}

/** One round trip: the user, the configuration read model, their list memberships and their subscription. */
const FACTS_SQL = `
  SELECT u.user_type, u.is_admin, u.created_at,
         (SELECT (value #>> '{}')::boolean FROM platform_config WHERE key = 'monetization_enabled') AS monetization_enabled,
         (SELECT (value #>> '{}')::int FROM platform_config WHERE key = 'rollout_percentage') AS rollout_percentage,
         (SELECT (value #>> '{}')::int FROM platform_config WHERE key = 'free_trial_period_days') AS free_trial_period_days,
         (SELECT (value #>> '{}')::float8 FROM platform_config WHERE key = 'subscription_price_gbp') AS subscription_price_gbp,
         EXISTS (SELECT 1 FROM config_access_list l WHERE l.list_type = 'grandfathered' AND l.user_id = u.id) AS grandfathered,
         EXISTS (SELECT 1 FROM config_access_list l WHERE l.list_type = 'beta' AND l.user_id = u.id) AS beta,
         s.state, s.source, s.start_date, s.end_date, s.cancel_at_period_end, s.stripe_customer_id
    FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id
   WHERE u.id = $1`;

/** The access facts of a user; null when there is no such user. */
export async function loadAccessFacts(dataSource: DataSource, userId: string): Promise<AccessFacts | null> {
  const [row] = await dataSource.query<FactsRow[]>(FACTS_SQL, [userId]);
  if (!row) return null;
  return {
    userType: row.user_type,
    isAdmin: row.is_admin,
    createdAt: row.created_at,
    monetizationEnabled: row.monetization_enabled ?? PLATFORM_CONFIG_DEFAULTS.monetizationEnabled,
    rolloutPercentage: row.rollout_percentage ?? PLATFORM_CONFIG_DEFAULTS.rolloutPercentage,
    freeTrialPeriodDays: row.free_trial_period_days ?? PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays,
    priceGbp: row.subscription_price_gbp ?? PLATFORM_CONFIG_DEFAULTS.subscriptionPriceGbp,
    grandfathered: row.grandfathered,
    betaTester: row.beta,
    subscription:
      row.state && row.source && row.start_date && row.end_date
        ? {
            state: row.state,
            source: row.source,
            startedAt: row.start_date,
            periodEnd: row.end_date,
            cancelAtPeriodEnd: row.cancel_at_period_end === true,
            providerCustomerId: row.stripe_customer_id,
          }
        : null,
  };
}

/** The member's subscription gives access at `now` (paid or granted, inside its year). */
export const hasLiveSubscription = (facts: AccessFacts, now: Date): boolean =>
  facts.subscription !== null && hasActiveSubscription({ state: facts.subscription.state, periodEnd: facts.subscription.periodEnd.toISOString() }, now);

/** The access policy's answer for a user from their facts. */
export const accessOf = (userId: string, facts: AccessFacts, now: Date): AccessDecision =>
  decideAccess({
    user: { id: userId, userType: facts.userType, isAdmin: facts.isAdmin, createdAt: facts.createdAt },
    config: {
      monetizationEnabled: facts.monetizationEnabled,
      rolloutPercentage: facts.rolloutPercentage,
      freeTrialPeriodDays: facts.freeTrialPeriodDays,
      grandfathered: facts.grandfathered,
      betaTester: facts.betaTester,
    },
    activeSubscription: hasLiveSubscription(facts, now),
    now,
  });

/** The one message and next step for a decision, from the facts it was made on. */
export const guidanceOf = (decision: AccessDecision, facts: AccessFacts, paymentsConfigured: boolean): AccessGuidance =>
  accessGuidance(decision, { paymentsConfigured, freeTrialPeriodDays: facts.freeTrialPeriodDays, priceGbp: facts.priceGbp });

/**
 * 402 SUBSCRIPTION_REQUIRED when the policy refuses this user applying now,
 * with the same message and next step as the subscription page (subscribe, or
 * contact support while card payments are not configured); nothing otherwise.
 */
export async function assertMayApply(dataSource: DataSource, userId: string, now: Date, paymentsConfigured: boolean): Promise<void> {
  const facts = await loadAccessFacts(dataSource, userId);
  if (!facts) return; // the command refuses an unknown applicant on its own
  const decision = accessOf(userId, facts, now);
  if (!decision.canApply) {
    const guidance = guidanceOf(decision, facts, paymentsConfigured);
    throw new ApplicationError('payment_required', 'SUBSCRIPTION_REQUIRED', guidance.message, { extra: { reason: decision.reason, next_step: guidance.nextStep } });
  }
}

/** The configuration the Help centre's answers about paying are written from (see monetizationTerms). */
export async function loadMonetizationTerms(dataSource: DataSource, paymentsConfigured: boolean): Promise<MonetizationTermsInput> {
  const rows = await dataSource.query<{ key: string; value: unknown }[]>(
    `SELECT key, value #>> '{}' AS value FROM platform_config WHERE key IN ('monetization_enabled', 'rollout_percentage', 'free_trial_period_days', 'subscription_price_gbp')`,
  );
  const value = (key: string): string | null => {
    const found = rows.find((row) => row.key === key)?.value;
    return typeof found === 'string' ? found : null;
  };
  const number = (key: string, fallback: number): number => {
    const parsed = Number(value(key));
    return value(key) !== null && Number.isFinite(parsed) ? parsed : fallback;
  };
  return {
    monetizationEnabled: value('monetization_enabled') === null ? PLATFORM_CONFIG_DEFAULTS.monetizationEnabled : value('monetization_enabled') === 'true',
    rolloutPercentage: number('rollout_percentage', PLATFORM_CONFIG_DEFAULTS.rolloutPercentage),
    freeTrialPeriodDays: number('free_trial_period_days', PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays),
    priceGbp: number('subscription_price_gbp', PLATFORM_CONFIG_DEFAULTS.subscriptionPriceGbp),
    paymentsConfigured,
  };
}
