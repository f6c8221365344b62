import { analyticsPaths } from './paths';
import { z } from 'zod';
import { ANALYTICS_PERIODS, PAGE_VIEWS, type AnalyticsPeriod } from './constants';
import type { RouteContract } from './routes';
import { voyageAnalyticsSchema } from './admin-voyages';
import { sharedText } from '@crew/rules';

/** Its paths live zod-free in paths.ts, so the web client can name them without the schema library. */
export { analyticsPaths };

/**
 * A route pattern as the web router names it: `/`, `/voyages`, `/voyages/:id`,
 * `/*` (not found). Lower-case words, digits and hyphens, `:name` parameters,
 * never an id (a segment of digits or of a UUID's shape), never a query string.
 */
const SEGMENT = /^(?:[a-z][a-z0-9-]{0,39}|:[a-z][a-zA-Z]{0,19}|\*)$/;
export const isRoutePattern = (value: string): boolean =>
  value === '/' ||
  (value.startsWith('/') &&
    !value.endsWith('/') &&
    value
      .slice(1)
      .split('/')
      .every((segment) => SEGMENT.test(segment)));

const isoTime = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/, 'at must be an ISO time in UTC (2025-06-01T12:00:00.000Z)')
  .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().slice(0, 19) === value.slice(0, 19), 'at must be a real time');

export const pageViewSchema = z
  .object({
    path: z
      .string()
      .min(1)
      .max(PAGE_VIEWS.maxPathLength, sharedText('path must be at most {max} characters', { max: PAGE_VIEWS.maxPathLength }))
      .refine(isRoutePattern, 'path must be a route pattern such as /voyages/:id (no ids, no query string)'),
    at: isoTime,
  })
  .strict()
  .meta({ id: 'PageView' });

/** POST /api/analytics/page-views (navigator.sendBeacon, JSON). */
export const pageViewBatchSchema = z
  .object({
    session_id: z.uuid('session_id must be a UUID'),
    views: z
      .array(pageViewSchema)
      .min(1, 'views must not be empty')
      .max(PAGE_VIEWS.maxViews, sharedText('At most {max} views at once', { max: PAGE_VIEWS.maxViews })),
  })
  .strict()
  .meta({ id: 'PageViewBatch' });
export type PageViewBatch = z.infer<typeof pageViewBatchSchema>;

export const pageViewsRecordedSchema = z.object({ recorded: z.number().int().describe('the views the beacon carried (also those dropped)') }).meta({ id: 'PageViewsRecorded' });
export type PageViewsRecorded = z.infer<typeof pageViewsRecordedSchema>;

export const detailedAnalyticsQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((value): value is AnalyticsPeriod => (ANALYTICS_PERIODS as readonly number[]).includes(value), 'days must be 7, 30, 90 or 365')
      .default(30),
  })
  .strict()
  .meta({ id: 'DetailedAnalyticsQuery' });

const trend = z.number().describe('Change against the previous period of the same length, in percent (one decimal; 100 when it grew from nothing)');
const count = z.number().int().min(0);

export const detailedAnalyticsSchema = z
  .object({
    period: z.object({ days: z.number().int(), start: z.string(), end: z.string(), previous_start: z.string(), bucket: z.enum(['day', 'week']) }),
    growth: z.object({ new_users: count, user_growth_rate: trend, total_users: count }),
    engagement: z.object({
      active_users: count,
      active_skippers: count,
      active_crew: count,
      daily_active: z.number(),
      dau_trend: trend,
      sessions: count,
      sessions_trend: trend,
      avg_session_duration: z.number().describe('minutes'),
      session_trend: trend,
      page_views: count,
      pageview_trend: trend,
      retention_rate: z.number(),
      retention_trend: trend,
    }),
    revenue: z.object({
      currency: z.literal('GBP'),
      total_revenue: z.number(),
      revenue_trend: trend,
      arr: z.number(),
      conversion_rate: z.number(),
      activations: count,
      renewals: count,
      expiries: count,
    }),
    satisfaction: z.object({
      avg_rating: z.number().nullable(),
      rating_trend: trend,
      total_reviews: count,
      reviews_trend: trend,
      completion_rate: z.number(),
      completion_trend: trend,
    }),
    applications: z.object({
      total_applications: count,
      applications_trend: trend,
      acceptance_rate: z.number(),
      acceptance_trend: trend,
      avg_response_time: z.number().nullable().describe('hours'),
      response_time_trend: trend,
    }),
    application_breakdown: z.object({ pending: count, accepted: count, rejected: count }),
    user_growth_chart: z.array(z.object({ date: z.string(), total: count, skippers: count, crew: count })),
    voyage_activity_chart: z.array(z.object({ date: z.string(), created: count, completed: count })),
    top_voyages: z.array(z.object({ id: z.string(), title: z.string(), applications: count, success_rate: z.number() })),
    top_skippers: z.array(z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), voyage_count: count, rating: z.number().nullable() })),
    popular_destinations: z.array(z.object({ port: z.string(), count, percentage: z.number() })),
    user_stats: z.object({ total_users: count, skippers: count, crew_members: count, admins: count, premium_users: count }),
    voyage_stats: voyageAnalyticsSchema,
    dropped_page_views: z
      .object({
        unknown_route: count.describe('views whose path is not one of the web client’s route patterns'),
        browser_limit: count.describe('views of browser ids beyond the number one address may bring in a day'),
        rate_limit: count.describe('views beyond the per-minute limits of an address or a browser, or the daily limit of an address'),
      })
      .describe('Page views the beacon answered but did not record, in the period (by the day they arrived, UTC); none of them is in the engagement figures'),
  })
  .meta({ id: 'DetailedAnalytics' });

/**
 * What each administrator figure means: one definition per figure, computed
 * the same way wherever it is shown (Voyages and Analytics agree), and shown
 * on hover beside its label.
 */
export const FIGURE_DEFINITIONS = {
  completion_rate: 'Of the voyages that ended (completed or cancelled), the share that was completed. Voyages still planned or under way are not counted.',
  daily_active: 'Distinct browsers that viewed a page on a day (only visitors who accepted analytics cookies), averaged over the days of the period.',
  avg_session_duration: 'Average length of a visit: from its first to its last page view; views less than 30 minutes apart are one visit.',
  page_views: 'Page views recorded from visitors who accepted analytics cookies, within the per-address and per-browser limits.',
  retention_rate: 'Of the browsers seen in the 30 days before the last 30, the share seen again in the last 30 days.',
  dropped_page_views: 'Page views the site received but did not record: unknown pages, or beyond the limits one address or browser may send. None is counted in the figures above.',
  acceptance_rate: 'Of the applications decided in the period, the share accepted.',
  conversion_rate: 'Of all members, the share holding an active crew subscription.',
} as const satisfies Record<string, string>;
export type DefinedFigure = keyof typeof FIGURE_DEFINITIONS;
export type DetailedAnalytics = z.infer<typeof detailedAnalyticsSchema>;

export const analyticsRoutes = {
  recordPageViews: {
    method: 'POST',
    path: analyticsPaths.pageViews,
    summary:
      'Record page views (route patterns, a browser session id, times) of a visitor who accepted analytics cookies; sent with navigator.sendBeacon. Views of unknown routes and beyond the per-address and per-browser limits are dropped and counted, with the same answer',
    tag: 'analytics',
    auth: 'public',
    body: pageViewBatchSchema,
    response: pageViewsRecordedSchema,
    status: 201,
  },
  detailedAnalytics: {
    method: 'GET',
    path: analyticsPaths.detailed,
    summary: 'Platform Analytics for 7, 30, 90 or 365 days, each figure with its trend against the previous period',
    tag: 'admin',
    auth: 'admin',
    query: detailedAnalyticsQuerySchema,
    response: detailedAnalyticsSchema,
  },
} as const satisfies Record<string, RouteContract>;
