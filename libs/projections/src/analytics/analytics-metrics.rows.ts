/*
 * Platform analytics from the log: day buckets, and per voyage, application, member and paid period what the figures need.
 * - Tables: `analytics_daily`, `analytics_voyages`, `analytics_applications`, `analytics_user_activity` and
 *   `analytics_payments`, created in apps/api/src/platform/database/migrations/1764870000000-analytics.ts (the page-view,
 *   engagement and sign-up tables beside them are written by the API, not projected).
 * - Projector: analytics-metrics.projector.ts (`analytics-metrics`).
 * - Readers: apps/api/src/modules/analytics/queries/get-detailed-analytics.query.ts (Platform Analytics);
 *   admin/queries/get-admin-overview.query.ts (the overview's figures).
 */

/** A row of `analytics_daily`: the counters of one UTC day, in the forms of ../row-forms.ts. */
export interface AnalyticsDailyRow {
  /** YYYY-MM-DD (a `date`: read as ::text). */
  readonly day: string;
  readonly voyages_created: number;
  readonly voyages_published: number;
  readonly voyages_completed: number;
  readonly voyages_cancelled: number;
  readonly applications_submitted: number;
  readonly applications_accepted: number;
  readonly applications_rejected: number;
  readonly applications_withdrawn: number;
  /** Applications the skipper answered, and the seconds they took in all (bigint, read as ::float8). */
  readonly responses: number;
  readonly response_seconds: number;
  /** Applications submitted that day by the status they have now. */
  readonly cohort_pending: number;
  readonly cohort_accepted: number;
  readonly cohort_rejected: number;
  readonly cohort_withdrawn: number;
  readonly subscriptions_activated: number;
  readonly subscriptions_renewed: number;
  readonly subscriptions_expired: number;
  /** GBP paid that day, in pence (bigint, read as ::float8). */
  readonly revenue_pence: number;
}

/** A row of `analytics_voyages`: a voyage's skipper, days, destination and application counts. */
export interface AnalyticsVoyageRow {
  readonly voyage_id: string;
  readonly skipper_id: string;
  /** YYYY-MM-DD (dates: read as ::text). */
  readonly created_day: string;
  readonly published_day: string | null;
  readonly completed_day: string | null;
  readonly destination: string | null;
  readonly applications: number;
  readonly accepted: number;
}

/** A row of `analytics_applications`: when an application was submitted and its status now. */
export interface AnalyticsApplicationRow {
  readonly application_id: string;
  readonly voyage_id: string;
  readonly submitted_at: Date;
  readonly status: 'pending' | 'accepted' | 'rejected' | 'withdrawn';
}

/** A row of `analytics_user_activity`: the last day a member acted, as skipper, as crew and as either. */
export interface AnalyticsUserActivityRow {
  readonly user_id: string;
  readonly role: 'any' | 'skipper' | 'crew';
  /** YYYY-MM-DD (a `date`: read as ::text). */
  readonly last_day: string;
}

/** A row of `analytics_payments`: one paid period, its amount and when it ended early. */
export interface AnalyticsPaymentRow {
  readonly user_id: string;
  readonly period_start: Date;
  readonly period_end: Date;
  readonly paid_at: Date;
  /** GBP, in pence (bigint: written as a number, only summed when read). */
  readonly amount_pence: number;
  /** An expiry or revocation that ended the period before its end. */
  readonly ended_at: Date | null;
}
