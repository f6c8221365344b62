import type { AnalyticsPeriod, DetailedAnalytics, VoyageAnalytics } from '@crew/contracts';
import type { AnalyticsDailyRow } from '@crew/projections';
import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { GetVoyageAnalytics } from '../../admin/queries/get-voyage-analytics.query';
import { addDays, bucketsOf, percent, periodOf, round1, trend } from '../analytics-figures';
import type { DropReason } from '../page-view-limits';

export class GetDetailedAnalytics {
  constructor(
    readonly days: AnalyticsPeriod,
    readonly now: Date = new Date(),
  ) {}
}

/** How many rows each table of the screen shows. */
export const TOP_ROWS = 5;

type DailyRow = Pick<
  AnalyticsDailyRow,
  | 'day'
  | 'voyages_created'
  | 'voyages_completed'
  | 'voyages_cancelled'
  | 'applications_submitted'
  | 'applications_accepted'
  | 'applications_rejected'
  | 'responses'
  | 'response_seconds'
  | 'cohort_pending'
  | 'cohort_accepted'
  | 'cohort_rejected'
  | 'subscriptions_activated'
  | 'subscriptions_renewed'
  | 'subscriptions_expired'
  | 'revenue_pence'
>;
interface EngagementRow {
  day: string;
  page_views: number;
  visitors: number;
  visits: number;
  visit_seconds: number;
}
interface SignUpRow {
  day: string | null;
  total: number;
  skippers: number;
  crew: number;
  admins: number;
}

const utc = (day: string): string => `${day}T00:00:00Z`;

const sum = <T>(rows: readonly T[], pick: (row: T) => number): number => rows.reduce((total, row) => total + pick(row), 0);

/**
 * Platform Analytics (spec "Detailed analytics") for the last 7, 30, 90 or
 * 365 UTC days including today, each figure beside the same figure for the
 * period before. Everything is read from day buckets and small tables:
 * - the `analytics-metrics` projection (voyages, applications, response times,
 *   subscriptions and payments, who acted when);
 * - sign-ups by account type (accounts are state, not events) from their day
 *   counts, which a trigger on `users` keeps (`analytics_sign_ups_daily`);
 * - reviews (state) for satisfaction, visible or not yet visible, unless hidden;
 * - the engagement tables the page-view beacon writes (consented visitors only);
 * - the page views it dropped, by reason (`analytics_dropped_daily`);
 * - names and titles joined at read time from `users` and `voyage_summaries`,
 *   so an erased member or a deleted voyage drops out of the tables.
 * A dozen small queries run side by side on the pool.
 */
@QueryHandler(GetDetailedAnalytics)
export class GetDetailedAnalyticsHandler implements IQueryHandler<GetDetailedAnalytics, DetailedAnalytics> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    private readonly queries: QueryBus,
  ) {}

  async execute({ days, now }: GetDetailedAnalytics): Promise<DetailedAnalytics> {
    const period = periodOf(days, now);
    const previousEnd = addDays(period.start, -1);
    const q = <T>(sql: string, params: unknown[]): Promise<T[]> => this.dataSource.query<T[]>(sql, params);
    const [daily, engagement, signUps, activity, retention, previousRetention, reviews, topVoyages, topSkippers, destinations, arr, premium, voyageStats, dropped] =
      await Promise.all([
        q<DailyRow>(
          `SELECT day::text AS day, voyages_created, voyages_completed, voyages_cancelled, applications_submitted, applications_accepted,
                applications_rejected, responses, response_seconds::float8 AS response_seconds, cohort_pending, cohort_accepted, cohort_rejected,
                subscriptions_activated, subscriptions_renewed, subscriptions_expired, revenue_pence::float8 AS revenue_pence
           FROM analytics_daily WHERE day >= $1::date AND day <= $2::date`,
          [period.previousStart, period.end],
        ),
        q<EngagementRow>(
          `SELECT day::text AS day, page_views, visitors, visits, visit_seconds::float8 AS visit_seconds
           FROM analytics_engagement_daily WHERE day >= $1::date AND day <= $2::date`,
          [period.previousStart, period.end],
        ),
        q<SignUpRow>(
          `SELECT CASE WHEN day < $1::date THEN NULL ELSE day::text END AS day,
                coalesce(sum(users), 0)::int AS total,
                coalesce(sum(users) FILTER (WHERE user_type IN ('skipper', 'both')), 0)::int AS skippers,
                coalesce(sum(users) FILTER (WHERE user_type IN ('crew', 'both') AND NOT is_admin), 0)::int AS crew,
                coalesce(sum(users) FILTER (WHERE is_admin OR user_type = 'admin'), 0)::int AS admins
           FROM analytics_sign_ups_daily WHERE day <= $2::date AND users > 0 GROUP BY 1`,
          [period.previousStart, period.end],
        ),
        q<{ role: string; n: number }>(`SELECT role, count(*)::int AS n FROM analytics_user_activity WHERE last_day >= $1::date GROUP BY role`, [period.start]),
        this.retention(period.end),
        this.retention(previousEnd),
        q<{ current: boolean; average: number | null; n: number }>(
          `SELECT created_at >= $2::timestamptz AS current, avg(rating)::float8 AS average, count(*)::int AS n
           FROM reviews WHERE hidden_at IS NULL AND created_at >= $1::timestamptz AND created_at < $3::timestamptz GROUP BY 1`,
          [utc(period.previousStart), utc(period.start), utc(addDays(period.end, 1))],
        ),
        q<{ id: string; title: string; applications: number; accepted: number }>(
          `SELECT a.voyage_id AS id, s.title, a.applications, a.accepted
           FROM analytics_voyages a JOIN voyage_summaries s ON s.voyage_id = a.voyage_id
          WHERE a.published_day >= $1::date AND a.applications > 0
          ORDER BY a.applications DESC, a.accepted DESC, a.voyage_id LIMIT ${TOP_ROWS}`,
          [period.start],
        ),
        q<{ id: string; first_name: string; last_name: string; voyage_count: number; rating: number | null }>(
          `SELECT u.id, u.first_name, u.last_name, t.voyage_count,
                (SELECT round(avg(r.rating)::numeric, 1)::float8 FROM reviews r
                  WHERE r.reviewee_id = u.id AND r.hidden_at IS NULL AND r.visible_from <= $2::timestamptz) AS rating
           FROM (SELECT skipper_id, count(*)::int AS voyage_count FROM analytics_voyages WHERE published_day >= $1::date GROUP BY skipper_id) t
           JOIN users u ON u.id = t.skipper_id
          ORDER BY t.voyage_count DESC, u.id LIMIT ${TOP_ROWS}`,
          [period.start, now.toISOString()],
        ),
        q<{ port: string; count: number; total: number }>(
          `SELECT destination AS port, count(*)::int AS count, (sum(count(*)) OVER ())::int AS total
           FROM analytics_voyages WHERE published_day >= $1::date AND destination IS NOT NULL
          GROUP BY destination ORDER BY count(*) DESC, destination LIMIT ${TOP_ROWS}`,
          [period.start],
        ),
        // Annual recurring revenue: the paid periods running now, each scaled to a year.
        q<{ pence: number }>(
          `SELECT coalesce(sum(amount_pence * 365.0 / greatest(1.0, extract(epoch FROM period_end - period_start) / 86400.0)), 0)::float8 AS pence
           FROM analytics_payments WHERE period_start <= $1::timestamptz AND period_end > $1::timestamptz AND (ended_at IS NULL OR ended_at > $1::timestamptz)`,
          [now.toISOString()],
        ),
        // Premium as the Platform Overview counts it (the subscriptions projection).
        q<{ n: number }>(
          `SELECT count(*)::int AS n FROM subscriptions s JOIN users u ON u.id = s.user_id
          WHERE s.status = 'active' AND s.end_date > $1::timestamptz AND u.user_type IN ('crew', 'both') AND NOT u.is_admin`,
          [now.toISOString()],
        ),
        this.queries.execute<GetVoyageAnalytics, VoyageAnalytics>(new GetVoyageAnalytics()),
        // Page views the beacon answered but did not record (by the day they arrived).
        q<{ reason: string; views: number }>(`SELECT reason, sum(views)::int AS views FROM analytics_dropped_daily WHERE day >= $1::date AND day <= $2::date GROUP BY reason`, [
          period.start,
          period.end,
        ]),
      ]);

    const inCurrent = (row: { day: string }) => row.day >= period.start;
    const current = daily.filter(inCurrent);
    const previous = daily.filter((row) => !inCurrent(row));
    const engagementNow = engagement.filter(inCurrent);
    const engagementBefore = engagement.filter((row) => !inCurrent(row));

    // Users: those who signed up before the previous period, then per day.
    const before = signUps.find((row) => row.day === null) ?? { day: null, total: 0, skippers: 0, crew: 0, admins: 0 };
    const perDay = signUps.filter((row): row is SignUpRow & { day: string } => row.day !== null);
    const newUsers = sum(perDay.filter(inCurrent), (row) => row.total);
    const previousNewUsers = sum(
      perDay.filter((row) => !inCurrent(row)),
      (row) => row.total,
    );
    const all = (pick: (row: SignUpRow) => number) => pick(before) + sum(perDay, pick);
    const totalUsers = all((row) => row.total);
    const premiumUsers = premium[0]?.n ?? 0;

    const { bucket, buckets } = bucketsOf(period);
    const upTo = (last: string, pick: (row: SignUpRow) => number) =>
      pick(before) +
      sum(
        perDay.filter((row) => row.day <= last),
        pick,
      );
    const within = <T extends { day: string }>(rows: readonly T[], first: string, last: string) => rows.filter((row) => row.day >= first && row.day <= last);

    const responseHours = (rows: readonly DailyRow[]): number | null => {
      const responses = sum(rows, (row) => row.responses);
      return responses === 0 ? null : sum(rows, (row) => row.response_seconds) / responses / 3600;
    };
    const hoursNow = responseHours(current);
    const acceptance = (rows: readonly DailyRow[]) =>
      percent(
        sum(rows, (row) => row.applications_accepted),
        sum(rows, (row) => row.applications_accepted + row.applications_rejected),
      );
    // FIGURE_DEFINITIONS.completion_rate, as on the Voyages page.
    const completion = (rows: readonly DailyRow[]) =>
      percent(
        sum(rows, (row) => row.voyages_completed),
        sum(rows, (row) => row.voyages_completed + row.voyages_cancelled),
      );
    // Averages are shown with one decimal, and their trends compare what is shown: a daily
    // average that rounds to 0 in both periods is "0, +0 %", never "0, +100 %".
    const dailyActive = (rows: readonly EngagementRow[]) => round1(sum(rows, (row) => row.visitors) / period.days);
    const sessionMinutes = (rows: readonly EngagementRow[]) => {
      const visits = sum(rows, (row) => row.visits);
      return visits === 0 ? 0 : round1(sum(rows, (row) => row.visit_seconds) / visits / 60);
    };
    const reviewsNow = reviews.find((row) => row.current);
    const reviewsBefore = reviews.find((row) => !row.current);
    const rating = (row: { average: number | null } | undefined) => (row?.average == null ? null : row.average);
    const revenueNow = sum(current, (row) => row.revenue_pence) / 100;
    const revenueBefore = sum(previous, (row) => row.revenue_pence) / 100;
    const role = (name: string) => activity.find((row) => row.role === name)?.n ?? 0;
    const droppedViews = (reason: DropReason) => dropped.find((row) => row.reason === reason)?.views ?? 0;

    return {
      period: { days: period.days, start: period.start, end: period.end, previous_start: period.previousStart, bucket },
      growth: { new_users: newUsers, user_growth_rate: trend(newUsers, previousNewUsers), total_users: totalUsers },
      engagement: {
        active_users: role('any'),
        active_skippers: role('skipper'),
        active_crew: role('crew'),
        daily_active: dailyActive(engagementNow),
        dau_trend: trend(dailyActive(engagementNow), dailyActive(engagementBefore)),
        sessions: sum(engagementNow, (row) => row.visits),
        sessions_trend: trend(
          sum(engagementNow, (row) => row.visits),
          sum(engagementBefore, (row) => row.visits),
        ),
        avg_session_duration: sessionMinutes(engagementNow),
        session_trend: trend(sessionMinutes(engagementNow), sessionMinutes(engagementBefore)),
        page_views: sum(engagementNow, (row) => row.page_views),
        pageview_trend: trend(
          sum(engagementNow, (row) => row.page_views),
          sum(engagementBefore, (row) => row.page_views),
        ),
        retention_rate: retention,
        retention_trend: trend(retention, previousRetention),
      },
      revenue: {
        currency: 'GBP',
        total_revenue: Math.round(revenueNow * 100) / 100,
        revenue_trend: trend(revenueNow, revenueBefore),
        arr: Math.round(arr[0]?.pence ?? 0) / 100,
        conversion_rate: percent(premiumUsers, totalUsers),
        activations: sum(current, (row) => row.subscriptions_activated),
        renewals: sum(current, (row) => row.subscriptions_renewed),
        expiries: sum(current, (row) => row.subscriptions_expired),
      },
      satisfaction: {
        avg_rating: reviewsNow?.average == null ? null : round1(reviewsNow.average),
        rating_trend: trend(rating(reviewsNow), rating(reviewsBefore)),
        total_reviews: reviewsNow?.n ?? 0,
        reviews_trend: trend(reviewsNow?.n ?? 0, reviewsBefore?.n ?? 0),
        completion_rate: completion(current),
        completion_trend: trend(completion(current), completion(previous)),
      },
      applications: {
        total_applications: sum(current, (row) => row.applications_submitted),
        applications_trend: trend(
          sum(current, (row) => row.applications_submitted),
          sum(previous, (row) => row.applications_submitted),
        ),
        acceptance_rate: acceptance(current),
        acceptance_trend: trend(acceptance(current), acceptance(previous)),
        avg_response_time: hoursNow === null ? null : round1(hoursNow),
        response_time_trend: trend(hoursNow, responseHours(previous)),
      },
      application_breakdown: {
        pending: sum(current, (row) => row.cohort_pending),
        accepted: sum(current, (row) => row.cohort_accepted),
        rejected: sum(current, (row) => row.cohort_rejected),
      },
      user_growth_chart: buckets.map(({ first, last }) => ({
        date: first,
        total: upTo(last, (row) => row.total),
        skippers: upTo(last, (row) => row.skippers),
        crew: upTo(last, (row) => row.crew),
      })),
      voyage_activity_chart: buckets.map(({ first, last }) => {
        const rows = within(current, first, last);
        return { date: first, created: sum(rows, (row) => row.voyages_created), completed: sum(rows, (row) => row.voyages_completed) };
      }),
      top_voyages: topVoyages.map((row) => ({ id: row.id, title: row.title, applications: row.applications, success_rate: percent(row.accepted, row.applications) })),
      top_skippers: topSkippers.map((row) => ({ id: row.id, first_name: row.first_name, last_name: row.last_name, voyage_count: row.voyage_count, rating: row.rating })),
      popular_destinations: destinations.map((row) => ({ port: row.port, count: row.count, percentage: percent(row.count, row.total) })),
      user_stats: {
        total_users: totalUsers,
        skippers: all((row) => row.skippers),
        crew_members: all((row) => row.crew),
        admins: all((row) => row.admins),
        premium_users: premiumUsers,
      },
      voyage_stats: voyageStats,
      dropped_page_views: {
        unknown_route: droppedViews('unknown_route'),
        browser_limit: droppedViews('browser_limit'),
        rate_limit: droppedViews('rate_limit'),
      },
    };
  }

  /**
   * 30-day retention at the end of a day: of the browsers seen in the 30 days
   * before the last 30, the share seen again in the last 30 (percent).
   */
  private async retention(end: string): Promise<number> {
    const [row] = await this.dataSource.query<{ earlier: number; returned: number }[]>(
      `SELECT count(*) FILTER (WHERE earlier)::int AS earlier, count(*) FILTER (WHERE earlier AND later)::int AS returned
         FROM (SELECT bool_or(day <= $2::date) AS earlier, bool_or(day > $2::date) AS later
                 FROM analytics_visitor_days WHERE day > $1::date AND day <= $3::date GROUP BY session_id) v`,
      [addDays(end, -60), addDays(end, -30), end],
    );
    return percent(row?.returned ?? 0, row?.earlier ?? 0);
  }
}
