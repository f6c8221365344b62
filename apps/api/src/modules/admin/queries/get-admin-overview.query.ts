import type { AdminOverviewResponse } from '@crew/contracts';
import { PLATFORM_CONFIG_DEFAULTS } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';

export class GetAdminOverview {}

/** Figures are recounted at most this often; a configuration change recounts at once. */
export const OVERVIEW_FRESH_MS = 2_000;

/**
 * The domain's rollout bucket (`rolloutBucketOf`: the user id's first 7 hex
 * digits modulo 100) in SQL; a test keeps the two equal.
 */
export const ROLLOUT_BUCKET_SQL = `(('x' || substr(u.id::text, 1, 7))::bit(28)::int % 100)`;

interface UserFigures {
  total_users: string;
  skippers: string;
  crew_members: string;
  admins: string;
  skipper_only: string;
  crew_only: string;
  both: string;
  unverified: string;
  premium_users: string;
  trial_users: string;
  affected: string;
}

/**
 * Platform Overview figures, from read models and the accounts table, in
 * four aggregate queries run side by side. Where a figure is also on the
 * Platform Analytics screen it is read from the same place: users from the
 * accounts table, premium from the subscriptions projection, voyages from
 * voyage summaries (GetVoyageAnalytics counts them the same way) and
 * applications from the analytics-metrics day buckets.
 *
 * Premium follows the Subscription status rule: admins and skippers are
 * always free; otherwise an active subscription with a future end date is
 * premium, else a user within the configured free trial of sign-up is on
 * trial, else free.
 * Subscriptions are the `subscriptions` state table (granted by an
 * administrator today, by payments later).
 *
 * estimated_affected_users: crew members (crew and "both", not admins) inside
 * the rollout (bucket below the percentage) who are neither grandfathered nor
 * beta testers, nor within the configured free trial, nor premium: the crew
 * members who would need a subscription to apply with monetization on.
 */
@QueryHandler(GetAdminOverview)
export class GetAdminOverviewHandler implements IQueryHandler<GetAdminOverview, AdminOverviewResponse> {
  private cached: { key: string; at: number; answer: Promise<AdminOverviewResponse> } | null = null;

  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  /**
   * Counting 100,000 accounts and as many applications is a few table scans:
   * the answer is shared by the requests of the next OVERVIEW_FRESH_MS (one
   * count at a time, whatever the number of admins), and recounted at once
   * when the configuration or the access lists change, so an admin sees the
   * affected-users figure of the rollout they just set. Users, voyages and
   * applications counts may be up to that old.
   */
  async execute(): Promise<AdminOverviewResponse> {
    const rows = await this.dataSource.query<{ key: string }[]>(
      `SELECT concat_ws('|', (SELECT string_agg(key || '=' || value::text, ',' ORDER BY key) FROM platform_config),
                             (SELECT count(*) || ':' || coalesce(max(added_at)::text, '') FROM config_access_list),
                             (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM subscriptions)) AS key`,
    );
    const key = rows[0]?.key ?? '';
    const now = Date.now();
    if (this.cached && this.cached.key === key && now - this.cached.at < OVERVIEW_FRESH_MS) return this.cached.answer;
    const answer = this.count();
    this.cached = { key, at: now, answer };
    answer.catch(() => {
      if (this.cached?.answer === answer) this.cached = null;
    });
    return answer;
  }

  /** The figures, counted now (no sharing). */
  async count(): Promise<AdminOverviewResponse> {
    const [config, users, voyages, applications] = await Promise.all([
      this.config(),
      // The rollout and trial come from the config read model inside the query, so all four run at once.
      this.dataSource.query<UserFigures[]>(
        `WITH c AS (
           SELECT coalesce((SELECT (value #>> '{}')::int FROM platform_config WHERE key = 'rollout_percentage'), $1) AS rollout,
                  coalesce((SELECT (value #>> '{}')::int FROM platform_config WHERE key = 'free_trial_period_days'), $2) AS trial_days
         )
         SELECT count(*) AS total_users,
                count(*) FILTER (WHERE u.user_type IN ('skipper', 'both') AND NOT u.is_admin) AS skippers,
                count(*) FILTER (WHERE u.user_type IN ('crew', 'both') AND NOT u.is_admin) AS crew_members,
                count(*) FILTER (WHERE u.is_admin OR u.user_type = 'admin') AS admins,
                count(*) FILTER (WHERE u.user_type = 'skipper' AND NOT u.is_admin) AS skipper_only,
                count(*) FILTER (WHERE u.user_type = 'crew' AND NOT u.is_admin) AS crew_only,
                count(*) FILTER (WHERE u.user_type = 'both' AND NOT u.is_admin) AS both,
                count(*) FILTER (WHERE NOT u.email_verified) AS unverified,
                count(*) FILTER (WHERE u.user_type IN ('crew', 'both') AND NOT u.is_admin AND s.user_id IS NOT NULL) AS premium_users,
                count(*) FILTER (WHERE u.user_type IN ('crew', 'both') AND NOT u.is_admin AND s.user_id IS NULL
                                   AND u.created_at > now() - make_interval(days => c.trial_days)) AS trial_users,
                count(*) FILTER (WHERE u.user_type IN ('crew', 'both') AND NOT u.is_admin
                                   AND s.user_id IS NULL AND ${ROLLOUT_BUCKET_SQL} < c.rollout
                                   AND u.created_at <= now() - make_interval(days => c.trial_days)
                                   AND u.id NOT IN (SELECT l.user_id FROM config_access_list l)) AS affected
           FROM users u CROSS JOIN c
           LEFT JOIN subscriptions s ON s.user_id = u.id AND s.status = 'active' AND s.end_date > now()`,
        [PLATFORM_CONFIG_DEFAULTS.rolloutPercentage, PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays],
      ),
      this.dataSource.query<{ total: string; active: string }[]>(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status IN ('active', 'full', 'in_progress')) AS active
           FROM voyage_summaries WHERE status <> 'draft'`,
      ),
      // Applications as Platform Analytics counts them: the day buckets of the analytics-metrics projection
      // (submitted, and pending now by submission day), a few hundred rows instead of every application.
      this.dataSource.query<{ total: string; pending: string }[]>(
        `SELECT coalesce(sum(applications_submitted), 0) AS total, coalesce(sum(cohort_pending), 0) AS pending FROM analytics_daily`,
      ),
    ]);
    const u = users[0]!;
    const totalUsers = Number(u.total_users);
    const premium = Number(u.premium_users);
    const trial = Number(u.trial_users);
    return {
      user_stats: {
        total_users: totalUsers,
        skippers: Number(u.skippers),
        crew_members: Number(u.crew_members),
        admins: Number(u.admins),
        skipper_only: Number(u.skipper_only),
        crew_only: Number(u.crew_only),
        both: Number(u.both),
        unverified: Number(u.unverified),
        premium_users: premium,
      },
      subscription_stats: {
        premium_users: premium,
        conversion_rate: totalUsers === 0 ? 0 : Math.round((premium / totalUsers) * 1000) / 10,
        free_users: totalUsers - premium - trial,
        trial_users: trial,
      },
      voyage_stats: { total_voyages: Number(voyages[0]!.total), active_voyages: Number(voyages[0]!.active) },
      application_stats: { total_applications: Number(applications[0]!.total), pending_applications: Number(applications[0]!.pending) },
      monetization_info: {
        estimated_affected_users: Number(u.affected),
        monetization_enabled: config.enabled,
        rollout_percentage: config.rollout,
        free_trial_period_days: config.trialDays,
      },
    };
  }

  private async config(): Promise<{ enabled: boolean; rollout: number; trialDays: number }> {
    const rows: { key: string; value: boolean | number }[] = await this.dataSource.query(
      `SELECT key, value FROM platform_config WHERE key IN ('monetization_enabled', 'rollout_percentage', 'free_trial_period_days')`,
    );
    const value = (key: string) => rows.find((row) => row.key === key)?.value;
    return {
      enabled: (value('monetization_enabled') as boolean | undefined) ?? PLATFORM_CONFIG_DEFAULTS.monetizationEnabled,
      rollout: (value('rollout_percentage') as number | undefined) ?? PLATFORM_CONFIG_DEFAULTS.rolloutPercentage,
      trialDays: (value('free_trial_period_days') as number | undefined) ?? PLATFORM_CONFIG_DEFAULTS.freeTrialPeriodDays,
    };
  }
}
