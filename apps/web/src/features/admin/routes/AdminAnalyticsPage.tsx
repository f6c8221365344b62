import { ANALYTICS_PERIODS, type AnalyticsPeriod, type DetailedAnalytics } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { detailedAnalyticsQueryOptions } from '../../../api/admin-analytics';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { FigureTerm } from '../components/figure-term';
import { formatPercent } from '../components/admin-format';
import { analyticsCsv, analyticsFileName, analyticsJson, analyticsMarkdown, download, periodLabel, pounds, shortNumber, signedPercent } from '../components/analytics-format';
import '../analytics.css';

// chart.js is a chunk of its own, loaded by this screen only.
const AnalyticsCharts = lazy(() => import('../components/analytics-charts').then((module) => ({ default: module.AnalyticsCharts })));

function Trend({ value }: { value: number }) {
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  return (
    <span className={`trend trend--${direction}`}>
      {signedPercent(value)}{' '}
      <span className="visually-hidden">
        <Trans>against the previous period</Trans>
      </span>
    </span>
  );
}

/** A key figure's card; `testKey` names it for the end-to-end tests whatever the language. */
function Kpi({ testKey, title, value, trend, children }: { testKey: string; title: string; value: string; trend?: number; children?: ReactNode }) {
  return (
    <li className="card metric" data-kpi={testKey}>
      <h2 className="metric__title">{title}</h2>
      <p className="metric__value">{value}</p>
      {trend !== undefined && (
        <p className="metric__detail">
          <Trend value={trend} />
        </p>
      )}
      {children}
    </li>
  );
}

function Figures({ analytics: a }: { analytics: DetailedAnalytics }) {
  const { t } = useLingui();
  const totalUsers = a.growth.total_users;
  const activeSkippers = a.engagement.active_skippers;
  const activeCrew = a.engagement.active_crew;
  const arr = pounds(a.revenue.arr);
  const conversionRate = formatPercent(a.revenue.conversion_rate);
  const rating = a.satisfaction.avg_rating;
  const totalReviews = a.satisfaction.total_reviews;
  const completionRate = formatPercent(a.satisfaction.completion_rate);
  const responseTime = a.applications.avg_response_time;
  const averageSession = a.engagement.avg_session_duration;
  const unknownPages = shortNumber(a.dropped_page_views.unknown_route);
  const overLimits = shortNumber(a.dropped_page_views.browser_limit + a.dropped_page_views.rate_limit);
  return (
    <>
      <ul className="metric-cards" aria-label={t`Key figures`}>
        <Kpi testKey="New Users" title={t`New Users`} value={String(a.growth.new_users)} trend={a.growth.user_growth_rate}>
          <p className="metric__detail">{t`${plural(totalUsers, { one: '# user in all', other: '# users in all' })}`}</p>
        </Kpi>
        <Kpi testKey="Active Users" title={t`Active Users`} value={String(a.engagement.active_users)}>
          <p className="metric__detail">{t`${plural(activeSkippers, { one: '# skipper', other: '# skippers' })}, ${plural(activeCrew, { one: '# crew', other: '# crew' })}`}</p>
        </Kpi>
        <Kpi testKey="Revenue" title={t`Revenue`} value={pounds(a.revenue.total_revenue)} trend={a.revenue.revenue_trend}>
          <p className="metric__detail">
            <Trans>
              ARR {arr} · <FigureTerm figure="conversion_rate">conversion</FigureTerm> {conversionRate}
            </Trans>
          </p>
        </Kpi>
        <Kpi testKey="Satisfaction" title={t`Satisfaction`} value={rating === null ? t`N/A` : t`${rating} / 5`} trend={a.satisfaction.rating_trend}>
          <p className="metric__detail">
            <Trans>
              <Plural value={totalReviews} one="# review" other="# reviews" /> · {completionRate} <FigureTerm figure="completion_rate">completion rate</FigureTerm>
            </Trans>
          </p>
        </Kpi>
      </ul>

      <Suspense fallback={<LoadingState label={t`Loading charts…`} />}>
        <AnalyticsCharts analytics={a} />
      </Suspense>

      <section className="card" aria-labelledby="application-stats-title">
        <h2 id="application-stats-title">
          <Trans>Applications</Trans>
        </h2>
        <dl className="analytics-stats">
          <div>
            <dt>
              <Trans>Total applications</Trans>
            </dt>
            <dd data-figure="total_applications">{a.applications.total_applications}</dd>
            <dd>
              <Trend value={a.applications.applications_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="acceptance_rate">
                <Trans>Acceptance rate</Trans>
              </FigureTerm>
            </dt>
            <dd data-figure="acceptance_rate">{formatPercent(a.applications.acceptance_rate)}</dd>
            <dd>
              <Trend value={a.applications.acceptance_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Average response time</Trans>
            </dt>
            <dd data-figure="avg_response_time">{responseTime === null ? t`N/A` : t`${plural(responseTime, { one: '# hour', other: '# hours' })}`}</dd>
            <dd>
              <Trend value={a.applications.response_time_trend} />
            </dd>
          </div>
        </dl>
      </section>

      <div className="analytics-tables">
        <section className="card" aria-labelledby="top-voyages-title">
          <h2 id="top-voyages-title">
            <Trans>Top Performing Voyages</Trans>
          </h2>
          {a.top_voyages.length === 0 ? (
            <p>
              <Trans>No data available</Trans>
            </p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Voyage</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Applications</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Success rate</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {a.top_voyages.map((v) => (
                    <tr key={v.id}>
                      <th scope="row">{v.title}</th>
                      <td>{v.applications}</td>
                      <td>{formatPercent(v.success_rate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="card" aria-labelledby="top-skippers-title">
          <h2 id="top-skippers-title">
            <Trans>Most Active Skippers</Trans>
          </h2>
          {a.top_skippers.length === 0 ? (
            <p>
              <Trans>No data available</Trans>
            </p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Skipper</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Voyages</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Rating</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {a.top_skippers.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">
                        {s.first_name} {s.last_name}
                      </th>
                      <td>{s.voyage_count}</td>
                      <td>{s.rating === null ? t`N/A` : s.rating}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="card" aria-labelledby="destinations-title">
          <h2 id="destinations-title">
            <Trans>Popular Destinations</Trans>
          </h2>
          {a.popular_destinations.length === 0 ? (
            <p>
              <Trans>No data available</Trans>
            </p>
          ) : (
            <ul className="destinations">
              {a.popular_destinations.map((d) => (
                <li key={d.port}>
                  <span className="destinations__port">{d.port}</span>
                  <span className="destinations__count">
                    {d.count} ({formatPercent(d.percentage)})
                  </span>
                  <span className="destinations__bar" aria-hidden="true">
                    <span style={{ width: `${d.percentage}%` }} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby="engagement-title">
        <h2 id="engagement-title">
          <Trans>Engagement</Trans>
        </h2>
        <p className="config-note">
          <Trans>First-party page views of visitors who accepted analytics cookies.</Trans>
        </p>
        <dl className="analytics-stats">
          <div>
            <dt>
              <FigureTerm figure="daily_active">
                <Trans>Daily active users</Trans>
              </FigureTerm>
            </dt>
            <dd data-figure="daily_active">{a.engagement.daily_active}</dd>
            <dd>
              <Trend value={a.engagement.dau_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="avg_session_duration">
                <Trans>Average session duration</Trans>
              </FigureTerm>
            </dt>
            <dd data-figure="avg_session_duration">{t`${averageSession} min`}</dd>
            <dd>
              <Trend value={a.engagement.session_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="page_views">
                <Trans>Page views</Trans>
              </FigureTerm>
            </dt>
            <dd data-figure="page_views">{shortNumber(a.engagement.page_views)}</dd>
            <dd>
              <Trend value={a.engagement.pageview_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="retention_rate">
                <Trans>Retention rate</Trans>
              </FigureTerm>
            </dt>
            <dd data-figure="retention_rate">{formatPercent(a.engagement.retention_rate)}</dd>
            <dd>
              <Trend value={a.engagement.retention_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="dropped_page_views">
                <Trans>Views not recorded</Trans>
              </FigureTerm>
            </dt>
            <dd data-figure="dropped_page_views">{shortNumber(a.dropped_page_views.unknown_route + a.dropped_page_views.browser_limit + a.dropped_page_views.rate_limit)}</dd>
            <dd>
              <Trans>
                {unknownPages} unknown pages · {overLimits} over the limits
              </Trans>
            </dd>
          </div>
        </dl>
      </section>
    </>
  );
}

/** "Last 30 days: 2026-10-28 to 2026-11-26, compared with the 30 days before." */
function PeriodNote({ days, start, end }: { days: number; start: string; end: string }) {
  const { t } = useLingui();
  const label = periodLabel(days);
  return <>{t`${label}: ${start} to ${end}, compared with the ${plural(days, { one: '# day', other: '# days' })} before.`}</>;
}

export function AdminAnalyticsPage() {
  const { t } = useLingui();
  usePageMeta(t`Platform Analytics`, t`Platform Analytics for administrators.`);
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const periodId = useId();
  const analytics = useQuery(detailedAnalyticsQueryOptions(days));
  const data = analytics.data;
  return (
    <div className="admin-page analytics">
      <PageHeader title={t`Platform Analytics`}>
        <div className="analytics__period">
          <label htmlFor={periodId}>
            <Trans>Period</Trans>
          </label>
          <select id={periodId} value={days} onChange={(event) => setDays(Number(event.target.value) as AnalyticsPeriod)}>
            {ANALYTICS_PERIODS.map((period) => (
              <option key={period} value={period}>
                {periodLabel(period)}
              </option>
            ))}
          </select>
        </div>
        {data && (
          <div className="analytics__exports" role="group" aria-label={t`Export`}>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => download(analyticsCsv(data), analyticsFileName('csv'), 'text/csv;charset=utf-8')}
            >
              <Trans>Export CSV</Trans>
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => download(analyticsJson(data), analyticsFileName('json'), 'application/json')}>
              <Trans>Export JSON</Trans>
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => download(analyticsMarkdown(data), analyticsFileName('md'), 'text/markdown;charset=utf-8')}
            >
              <Trans>Export Report</Trans>
            </button>
          </div>
        )}
      </PageHeader>
      {analytics.isError && !data ? (
        <ErrorState message={analytics.error.message || t`Failed to load analytics`} onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <LoadingState label={t`Loading analytics…`} />
      ) : (
        <div aria-busy={analytics.isPlaceholderData} className="analytics__body" data-period={data.period.days}>
          <p className="config-note">
            <PeriodNote days={days} start={data.period.start} end={data.period.end} />
          </p>
          <Figures analytics={data} />
        </div>
      )}
    </div>
  );
}
