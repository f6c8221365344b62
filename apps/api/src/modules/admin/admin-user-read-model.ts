import { profileCompletionOf, type AdminUser, type ProfileFields, type SubscriptionDisplay } from '@crew/contracts';
import { PLATFORM_CONFIG_DEFAULTS } from '@crew/domain';
import type { SubscriptionRow } from '@crew/projections';

/** The free trial's length as configured (Platform Configuration → Free trial days), or its default. */
export const TRIAL_DAYS_SQL = `coalesce((SELECT (value #>> '{}')::int FROM platform_config WHERE key = 'free_trial_period_days'), ${Number(PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays)})`;
/** Joined within the configured free trial. */
export const IN_TRIAL_SQL = `u.created_at > now() - make_interval(days => ${TRIAL_DAYS_SQL})`;

/**
 * Subscription status for display: administrators and
 * skippers are always free; an active subscription ending in the future is
 * premium; a user who joined within the configured free trial is on trial;
 * everyone else free.
 */
export const SUBSCRIPTION_DISPLAY_SQL = `CASE
    WHEN u.is_admin OR u.user_type IN ('admin', 'skipper') THEN 'free'
    WHEN s.status = 'active' AND s.end_date > now() THEN 'premium'
    WHEN ${IN_TRIAL_SQL} THEN 'trial'
    ELSE 'free' END`;

/**
 * The one SELECT of a user as the admin table and detail modal show it: the
 * profile fields completeness is judged on, the subscription, and a
 * suspension with the administrator's name as it is now.
 */
export const ADMIN_USER_SELECT = `
  SELECT u.id, u.first_name, u.last_name, u.email, u.user_type, u.is_admin, u.profile_photo_url, u.phone_number,
         u.email_verified, u.identity_verified, u.profile_complete, u.created_at,
         u.sailing_experience, u.emergency_contact, u.crew_skills, u.crew_expectations,
         s.status AS subscription_status, s.start_date AS subscription_start_date, s.end_date AS subscription_end_date,
         s.stripe_customer_id, ${SUBSCRIPTION_DISPLAY_SQL} AS subscription,
         x.suspended_at, x.reason AS suspension_reason, x.suspended_by,
         NULLIF(trim(concat_ws(' ', sa.first_name, sa.last_name)), '') AS suspended_by_name
    FROM users u
    LEFT JOIN subscriptions s ON s.user_id = u.id
    LEFT JOIN account_suspensions x ON x.user_id = u.id
    LEFT JOIN users sa ON sa.id = x.suspended_by`;

export interface AdminUserRow extends Omit<ProfileFields, 'user_type'> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  user_type: AdminUser['user_type'];
  is_admin: boolean;
  profile_photo_url: string | null;
  phone_number: string | null;
  email_verified: boolean;
  identity_verified: boolean;
  profile_complete: boolean;
  created_at: Date;
  /** The subscription, LEFT JOINed: null when the member never had one. */
  subscription_status: SubscriptionRow['status'] | null;
  subscription_start_date: SubscriptionRow['start_date'] | null;
  subscription_end_date: SubscriptionRow['end_date'] | null;
  stripe_customer_id: SubscriptionRow['stripe_customer_id'];
  subscription: SubscriptionDisplay;
  suspended_at: Date | null;
  suspension_reason: string | null;
  suspended_by: string | null;
  suspended_by_name: string | null;
}

export const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  user_type: row.user_type,
  is_admin: row.is_admin,
  profile_photo_url: row.profile_photo_url,
  phone_number: row.phone_number,
  email_verified: row.email_verified,
  identity_verified: row.identity_verified,
  profile_complete: row.profile_complete,
  profile_completion: profileCompletionOf(row),
  suspension: row.suspended_at
    ? { suspended_at: row.suspended_at.toISOString(), reason: row.suspension_reason ?? '', suspended_by: row.suspended_by, suspended_by_name: row.suspended_by_name }
    : null,
  created_at: row.created_at.toISOString(),
  subscription_status: row.subscription_status,
  subscription_start_date: row.subscription_start_date?.toISOString() ?? null,
  subscription_end_date: row.subscription_end_date?.toISOString() ?? null,
  stripe_customer_id: row.stripe_customer_id,
  subscription: row.subscription,
});
