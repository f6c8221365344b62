import { ANALYTICS_PERIODS, type AnalyticsPeriod, type DetailedAnalytics } from '@crew/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { detailedAnalyticsQueryOptions } from '../../../api/admin-analytics';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { FigureTerm } from '../components/figure-term';
import { analyticsCsv, analyticsFileName, analyticsJson, analyticsMarkdown, download, PERIOD_LABELS, pounds, shortNumber, signedPercent } from '../components/analytics-format';
import '../analytics.css';

// chart.js is a chunk of its own, loaded by this screen only.
const AnalyticsCharts = lazy(() => import('../components/analytics-charts').then((module) => ({ default: module.AnalyticsCharts })));

function Trend({ value }: { value: number }) {
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  return (
    <span className={`trend trend--${direction}`}>
      {signedPercent(value)} <span className="visually-hidden">against the previous period</span>
    </span>
  );
}

function Kpi({ title, value, trend, children }: { title: string; value: string; trend?: number; children?: ReactNode }) {
  return (
    <li className="card metric" data-kpi={title}>
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
  return (
    <>
      <ul className="metric-cards" aria-label="Key figures">
        <Kpi title="New Users" value={String(a.growth.new_users)} trend={a.growth.user_growth_rate}>
          <p className="metric__detail">{a.growth.total_users} users in all</p>
        </Kpi>
        <Kpi title="Active Users" value={String(a.engagement.active_users)}>
          <p className="metric__detail">
            {a.engagement.active_skippers} skippers, {a.engagement.active_crew} crew
          </p>
        </Kpi>
        <Kpi title="Revenue" value={pounds(a.revenue.total_revenue)} trend={a.revenue.revenue_trend}>
          <p className="metric__detail">
            ARR {pounds(a.revenue.arr)} · <FigureTerm figure="conversion_rate">conversion</FigureTerm> {a.revenue.conversion_rate}%
          </p>
        </Kpi>
        <Kpi title="Satisfaction" value={a.satisfaction.avg_rating === null ? 'N/A' : `${a.satisfaction.avg_rating} / 5`} trend={a.satisfaction.rating_trend}>
          <p className="metric__detail">
            {a.satisfaction.total_reviews} reviews · {a.satisfaction.completion_rate}% <FigureTerm figure="completion_rate">completion rate</FigureTerm>
          </p>
        </Kpi>
      </ul>

      <Suspense fallback={<LoadingState label="Loading charts…" />}>
        <AnalyticsCharts analytics={a} />
      </Suspense>

      <section className="card" aria-labelledby="application-stats-title">
        <h2 id="application-stats-title">Applications</h2>
        <dl className="analytics-stats">
          <div>
            <dt>Total applications</dt>
            <dd data-figure="total_applications">{a.applications.total_applications}</dd>
            <dd>
              <Trend value={a.applications.applications_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="acceptance_rate">Acceptance rate</FigureTerm>
            </dt>
            <dd data-figure="acceptance_rate">{a.applications.acceptance_rate}%</dd>
            <dd>
              <Trend value={a.applications.acceptance_trend} />
            </dd>
          </div>
          <div>
            <dt>Average response time</dt>
            <dd data-figure="avg_response_time">{a.applications.avg_response_time === null ? 'N/A' : `${a.applications.avg_response_time} hours`}</dd>
            <dd>
              <Trend value={a.applications.response_time_trend} />
            </dd>
          </div>
        </dl>
      </section>

      <div className="analytics-tables">
        <section className="card" aria-labelledby="top-voyages-title">
          <h2 id="top-voyages-title">Top Performing Voyages</h2>
          {a.top_voyages.length === 0 ? (
            <p>No data available</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Voyage</th>
                    <th scope="col">Applications</th>
                    <th scope="col">Success rate</th>
                  </tr>
                </thead>
                <tbody>
                  {a.top_voyages.map((v) => (
                    <tr key={v.id}>
                      <th scope="row">{v.title}</th>
                      <td>{v.applications}</td>
                      <td>{v.success_rate}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="card" aria-labelledby="top-skippers-title">
          <h2 id="top-skippers-title">Most Active Skippers</h2>
          {a.top_skippers.length === 0 ? (
            <p>No data available</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Skipper</th>
                    <th scope="col">Voyages</th>
                    <th scope="col">Rating</th>
                  </tr>
                </thead>
                <tbody>
                  {a.top_skippers.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">
                        {s.first_name} {s.last_name}
                      </th>
                      <td>{s.voyage_count}</td>
                      <td>{s.rating === null ? 'N/A' : s.rating}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="card" aria-labelledby="destinations-title">
          <h2 id="destinations-title">Popular Destinations</h2>
          {a.popular_destinations.length === 0 ? (
            <p>No data available</p>
          ) : (
            <ul className="destinations">
              {a.popular_destinations.map((d) => (
                <li key={d.port}>
                  <span className="destinations__port">{d.port}</span>
                  <span className="destinations__count">
                    {d.count} ({d.percentage}%)
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
        <h2 id="engagement-title">Engagement</h2>
        <p className="config-note">First-party page views of visitors who accepted analytics cookies.</p>
        <dl className="analytics-stats">
          <div>
            <dt>
              <FigureTerm figure="daily_active">Daily active users</FigureTerm>
            </dt>
            <dd data-figure="daily_active">{a.engagement.daily_active}</dd>
            <dd>
              <Trend value={a.engagement.dau_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="avg_session_duration">Average session duration</FigureTerm>
            </dt>
            <dd data-figure="avg_session_duration">{a.engagement.avg_session_duration} min</dd>
            <dd>
              <Trend value={a.engagement.session_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="page_views">Page views</FigureTerm>
            </dt>
            <dd data-figure="page_views">{shortNumber(a.engagement.page_views)}</dd>
            <dd>
              <Trend value={a.engagement.pageview_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="retention_rate">Retention rate</FigureTerm>
            </dt>
            <dd data-figure="retention_rate">{a.engagement.retention_rate}%</dd>
            <dd>
              <Trend value={a.engagement.retention_trend} />
            </dd>
          </div>
          <div>
            <dt>
              <FigureTerm figure="dropped_page_views">Views not recorded</FigureTerm>
            </dt>
            <dd data-figure="dropped_page_views">{shortNumber(a.dropped_page_views.unknown_route + a.dropped_page_views.browser_limit + a.dropped_page_views.rate_limit)}</dd>
            <dd>
              {shortNumber(a.dropped_page_views.unknown_route)} unknown pages · {shortNumber(a.dropped_page_views.browser_limit + a.dropped_page_views.rate_limit)} over the limits
            </dd>
          </div>
        </dl>
      </section>
    </>
  );
}

export function AdminAnalyticsPage() {
  usePageMeta('Platform Analytics', 'Platform Analytics for administrators.');
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const periodId = useId();
  const analytics = useQuery(detailedAnalyticsQueryOptions(days));
  const data = analytics.data;
  return (
    <div className="admin-page analytics">
      <PageHeader title="Platform Analytics">
        <div className="analytics__period">
          <label htmlFor={periodId}>Period</label>
          <select id={periodId} value={days} onChange={(event) => setDays(Number(event.target.value) as AnalyticsPeriod)}>
            {ANALYTICS_PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
        </div>
        {data && (
          <div className="analytics__exports" role="group" aria-label="Export">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => download(analyticsCsv(data), analyticsFileName('csv'), 'text/csv;charset=utf-8')}
            >
              Export CSV
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => download(analyticsJson(data), analyticsFileName('json'), 'application/json')}>
              Export JSON
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => download(analyticsMarkdown(data), analyticsFileName('md'), 'text/markdown;charset=utf-8')}
            >
              Export Report
            </button>
          </div>
        )}
      </PageHeader>
      {analytics.isError && !data ? (
        <ErrorState message={analytics.error.message || 'Failed to load analytics'} onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <LoadingState label="Loading analytics…" />
      ) : (
        <div aria-busy={analytics.isPlaceholderData} className="analytics__body" data-period={data.period.days}>
          <p className="config-note">
            {PERIOD_LABELS[days]}: {data.period.start} to {data.period.end}, compared with the {days} days before.
          </p>
          <Figures analytics={data} />
        </div>
      )}
    </div>
  );
}
