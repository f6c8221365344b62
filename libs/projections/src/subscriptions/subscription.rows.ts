/*
 * Subscriptions: each member's paid or granted subscription, as the subscription aggregate folds it.
 * - Table: `subscriptions`, created in apps/api/src/platform/database/migrations/1764800000000-admin-users.ts
 *   (state, cancellation, provider and log position added by 1764820000000-subscription-read-model.ts).
 * - Projector: subscription.projector.ts (`subscriptions`).
 * - Readers: apps/api/src/modules/subscriptions/subscription-access.ts (the access policy's facts), billing-account.ts and
 *   subscription-clock.ts; admin/admin-user-read-model.ts (the admin user table) and admin's monetization impact;
 *   communications' campaign audiences; analytics.
 */
import type { SubscriptionStateName } from '@crew/domain';

/** A row of `subscriptions`, in the forms of ../row-forms.ts. */
export interface SubscriptionRow {
  readonly user_id: string;
  /** The display status the admin list and the subscription status rule read: live states are 'active'. */
  readonly status: 'active' | 'cancelled' | 'expired';
  /** The aggregate's own state (a checkout never paid leaves no row). */
  readonly state: Exclude<SubscriptionStateName, 'none'>;
  readonly source: 'payment' | 'admin';
  readonly start_date: Date;
  /** The end of the period paid or granted. */
  readonly end_date: Date;
  readonly cancel_at_period_end: boolean;
  readonly stripe_customer_id: string | null;
  readonly provider_subscription_id: string | null;
  readonly updated_at: Date;
  /** The log position of the last event applied (bigint, as text). */
  readonly last_commit: string;
  readonly last_prepare: string;
}
