import type { AnalyticsPeriod, DetailedAnalytics } from '@crew/contracts';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { activeLocale, i18n } from '../../../i18n/i18n';
import { formatCompact, formatMoney, formatPercent } from './admin-format';
import { csvField } from './voyages-csv';

/** Page views shortened at 1K and 1M (1.2K, 3.4M; in the other languages as they shorten numbers). */
export const shortNumber = (value: number): string => {
  if (activeLocale() !== 'en') return formatCompact(value);
  if (Math.abs(value) >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (Math.abs(value) >= 1_000) return `${(value / 1_000).toFixed(1).replace(/\.0$/, '')}K`;
  return String(value);
};

export const signedPercent = (value: number): string => formatPercent(value, true);
export const pounds = (value: number): string => formatMoney(value, 'GBP', 2);

const PERIOD_NAMES = {
  7: msg`Last 7 days`,
  30: msg`Last 30 days`,
  90: msg`Last 90 days`,
  365: msg`Last year`,
} satisfies Record<AnalyticsPeriod, MessageDescriptor>;

/** A period's name ("Last 30 days"), in the screen's language. */
export const periodLabel = (days: number): string => {
  const name = (PERIOD_NAMES as Record<number, MessageDescriptor | undefined>)[days];
  return name ? i18n._(name) : t`Last ${days} days`;
};

/** One line per figure the screen shows: section, figure, value (as the API gives it) and its trend. */
export const figureRows = (a: DetailedAnalytics): { section: string; metric: string; value: string | number | null; trend: number | null }[] => [
  { section: 'growth', metric: 'new_users', value: a.growth.new_users, trend: a.growth.user_growth_rate },
  { section: 'growth', metric: 'total_users', value: a.growth.total_users, trend: null },
  { section: 'engagement', metric: 'active_users', value: a.engagement.active_users, trend: null },
  { section: 'engagement', metric: 'active_skippers', value: a.engagement.active_skippers, trend: null },
  { section: 'engagement', metric: 'active_crew', value: a.engagement.active_crew, trend: null },
  { section: 'engagement', metric: 'daily_active', value: a.engagement.daily_active, trend: a.engagement.dau_trend },
  { section: 'engagement', metric: 'sessions', value: a.engagement.sessions, trend: a.engagement.sessions_trend },
  { section: 'engagement', metric: 'avg_session_duration', value: a.engagement.avg_session_duration, trend: a.engagement.session_trend },
  { section: 'engagement', metric: 'page_views', value: a.engagement.page_views, trend: a.engagement.pageview_trend },
  { section: 'engagement', metric: 'retention_rate', value: a.engagement.retention_rate, trend: a.engagement.retention_trend },
  { section: 'revenue', metric: 'total_revenue', value: a.revenue.total_revenue, trend: a.revenue.revenue_trend },
  { section: 'revenue', metric: 'arr', value: a.revenue.arr, trend: null },
  { section: 'revenue', metric: 'conversion_rate', value: a.revenue.conversion_rate, trend: null },
  { section: 'satisfaction', metric: 'avg_rating', value: a.satisfaction.avg_rating, trend: a.satisfaction.rating_trend },
  { section: 'satisfaction', metric: 'total_reviews', value: a.satisfaction.total_reviews, trend: a.satisfaction.reviews_trend },
  { section: 'satisfaction', metric: 'completion_rate', value: a.satisfaction.completion_rate, trend: a.satisfaction.completion_trend },
  { section: 'applications', metric: 'total_applications', value: a.applications.total_applications, trend: a.applications.applications_trend },
  { section: 'applications', metric: 'acceptance_rate', value: a.applications.acceptance_rate, trend: a.applications.acceptance_trend },
  { section: 'applications', metric: 'avg_response_time', value: a.applications.avg_response_time, trend: a.applications.response_time_trend },
  { section: 'application_breakdown', metric: 'pending', value: a.application_breakdown.pending, trend: null },
  { section: 'application_breakdown', metric: 'accepted', value: a.application_breakdown.accepted, trend: null },
  { section: 'application_breakdown', metric: 'rejected', value: a.application_breakdown.rejected, trend: null },
];

/** analytics-{date}.csv: the figures, then the tables, each block with its own header line. */
export function analyticsCsv(a: DetailedAnalytics): string {
  const lines = [
    ['section', 'metric', 'value', 'trend_percent'].join(','),
    ...figureRows(a).map((r) => [r.section, r.metric, r.value, r.trend].map(csvField).join(',')),
    '',
    'top_voyages,title,applications,success_rate',
    ...a.top_voyages.map((v) => ['top_voyages', v.title, v.applications, v.success_rate].map(csvField).join(',')),
    '',
    'top_skippers,name,voyage_count,rating',
    ...a.top_skippers.map((s) => ['top_skippers', `${s.first_name} ${s.last_name}`, s.voyage_count, s.rating].map(csvField).join(',')),
    '',
    'popular_destinations,port,count,percentage',
    ...a.popular_destinations.map((d) => ['popular_destinations', d.port, d.count, d.percentage].map(csvField).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export const analyticsJson = (a: DetailedAnalytics, now: Date = new Date()): string => JSON.stringify({ generated_at: now.toISOString(), ...a }, null, 2);

const cell = (value: string | number | null): string => String(value ?? t`N/A`).replace(/\|/g, '\\|');

/**
 * analytics-{date}.md: a report an administrator can paste anywhere, in the
 * screen's language (the figures' section and metric stay the codes the CSV
 * and the API name them by; values stay as the API gives them).
 */
export function analyticsMarkdown(a: DetailedAnalytics, now: Date = new Date()): string {
  const label = periodLabel(a.period.days);
  const { start, end } = a.period;
  const generated = now.toISOString();
  const { total_users: totalUsers, skippers, crew_members: crew, admins, premium_users: premium } = a.user_stats;
  const { total_voyages: totalVoyages, active_voyages: active, completed_voyages: completed } = a.voyage_stats;
  const row = (...cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [
    `# ${t`Platform Analytics Report`}`,
    '',
    t`${label}: ${start} to ${end} (generated ${generated})`,
    '',
    `## ${t`Key figures`}`,
    '',
    row(t`Section`, t`Metric`, t`Value`, t`Trend vs previous period`),
    '| --- | --- | --- | --- |',
    ...figureRows(a).map((r) => `| ${r.section} | ${r.metric} | ${cell(r.value)} | ${r.trend === null ? '' : signedPercent(r.trend)} |`),
    '',
    `## ${t`Users and voyages`}`,
    '',
    `- ${t`Total users: ${totalUsers} (skippers ${skippers}, crew ${crew}, admins ${admins}, premium ${premium})`}`,
    `- ${t`Voyages: ${totalVoyages} (active ${active}, completed ${completed})`}`,
    '',
    `## ${t`Top Performing Voyages`}`,
    '',
    row(t`Voyage`, t`Applications`, t`Success rate`),
    '| --- | --- | --- |',
    ...a.top_voyages.map((v) => `| ${cell(v.title)} | ${v.applications} | ${formatPercent(v.success_rate)} |`),
    '',
    `## ${t`Most Active Skippers`}`,
    '',
    row(t`Skipper`, t`Voyages`, t`Rating`),
    '| --- | --- | --- |',
    ...a.top_skippers.map((s) => `| ${cell(`${s.first_name} ${s.last_name}`)} | ${s.voyage_count} | ${cell(s.rating)} |`),
    '',
    `## ${t`Popular Destinations`}`,
    '',
    row(t`Port`, t`Voyages`, t`Share`),
    '| --- | --- | --- |',
    ...a.popular_destinations.map((d) => `| ${cell(d.port)} | ${d.count} | ${formatPercent(d.percentage)} |`),
    '',
  ].join('\n');
}

/** The export's file name: analytics-{date}.csv|json|md, the date as YYYY-MM-DD. */
export const analyticsFileName = (extension: 'csv' | 'json' | 'md', now: Date = new Date()): string => `analytics-${now.toISOString().slice(0, 10)}.${extension}`;

export function download(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
