import type { DetailedAnalytics } from '@crew/contracts';
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Bar, Line, Pie } from 'react-chartjs-2';

// Only what the three charts draw, so the chunk stays small; it loads with this screen only.
ChartJS.register(ArcElement, BarElement, CategoryScale, Legend, LinearScale, LineElement, PointElement, Tooltip);

const COLORS = { navy: '#12355b', ocean: '#0a6fa8', teal: '#0f7b6c', amber: '#b35c00', red: '#b3261e' } as const;
const common = { responsive: true, maintainAspectRatio: false, animation: false as const, plugins: { legend: { position: 'bottom' as const } } };

/**
 * A chart with its title, a fallback when it has nothing to draw, and a table of the same figures behind a toggle.
 * Each chart's canvas is an image (react-chartjs-2 gives it role="img") named by a one-line summary of its figures.
 */
function ChartCard({ id, title, empty, emptyText, table, children }: { id: string; title: string; empty: boolean; emptyText: string; table: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="card analytics-chart" aria-labelledby={`${id}-title`} data-chart={id}>
      <div className="analytics-chart__head">
        <h2 id={`${id}-title`}>{title}</h2>
        {!empty && (
          <button type="button" className="button button--secondary button--small" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
            {asTable ? t`Show chart` : t`Show as table`}
          </button>
        )}
      </div>
      {empty ? (
        <p className="analytics-chart__empty">{emptyText}</p>
      ) : asTable ? (
        <div className="table-scroll">{table}</div>
      ) : (
        <div className="analytics-chart__canvas">{children}</div>
      )}
    </section>
  );
}

/** "User growth: 12 users at the end of the period, 4 skippers and 9 crew." */
function growthSummaryOf(point: DetailedAnalytics['user_growth_chart'][number]): string {
  const { total, skippers, crew } = point;
  return t`User growth: ${plural(total, { one: '# user', other: '# users' })} at the end of the period, ${plural(skippers, { one: '# skipper', other: '# skippers' })} and ${crew} crew.`;
}

export function AnalyticsCharts({ analytics }: { analytics: DetailedAnalytics }) {
  const { t } = useLingui();
  const growth = analytics.user_growth_chart;
  const activity = analytics.voyage_activity_chart;
  const breakdown = analytics.application_breakdown;
  const unit = analytics.period.bucket === 'week' ? t`Week of` : t`Day`;
  const lastGrowth = growth[growth.length - 1];
  const growthEmpty = growth.length === 0 || growth.every((p) => p.total === 0);
  const activityEmpty = activity.every((p) => p.created === 0 && p.completed === 0);
  const breakdownTotal = breakdown.pending + breakdown.accepted + breakdown.rejected;
  const growthSummary = lastGrowth ? growthSummaryOf(lastGrowth) : t`User growth: no data.`;
  const created = activity.reduce((sum, p) => sum + p.created, 0);
  const completed = activity.reduce((sum, p) => sum + p.completed, 0);
  const activitySummary = t`Voyage activity: ${plural(created, { one: '# voyage created', other: '# voyages created' })} and ${completed} completed in the period.`;
  const { pending, accepted, rejected } = breakdown;
  const breakdownSummary = t`Applications: ${pending} pending, ${accepted} accepted, ${rejected} rejected.`;
  const total = t({ message: 'Total', context: 'chart' });
  const skippers = t({ message: 'Skippers', context: 'chart' });
  const crew = t({ message: 'Crew', context: 'chart' });
  const createdLabel = t({ message: 'Created', context: 'chart' });
  const completedLabel = t({ message: 'Completed', context: 'chart' });
  const pendingLabel = t({ message: 'Pending', context: 'chart' });
  const acceptedLabel = t({ message: 'Accepted', context: 'chart' });
  const rejectedLabel = t({ message: 'Rejected', context: 'chart' });
  const noData = t`No data available`;
  return (
    <div className="analytics-charts">
      <ChartCard
        id="user-growth"
        title={t`User Growth`}
        empty={growthEmpty}
        emptyText={noData}
        table={
          <table className="data-table">
            <caption className="visually-hidden">
              <Trans>User growth</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{unit}</th>
                <th scope="col">{total}</th>
                <th scope="col">{skippers}</th>
                <th scope="col">{crew}</th>
              </tr>
            </thead>
            <tbody>
              {growth.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{p.date}</th>
                  <td>{p.total}</td>
                  <td>{p.skippers}</td>
                  <td>{p.crew}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <Line
          aria-label={growthSummary}
          options={common}
          data={{
            labels: growth.map((p) => p.date),
            datasets: [
              { label: total, data: growth.map((p) => p.total), borderColor: COLORS.navy, backgroundColor: COLORS.navy },
              { label: skippers, data: growth.map((p) => p.skippers), borderColor: COLORS.ocean, backgroundColor: COLORS.ocean },
              { label: crew, data: growth.map((p) => p.crew), borderColor: COLORS.teal, backgroundColor: COLORS.teal },
            ],
          }}
        />
      </ChartCard>
      <ChartCard
        id="voyage-activity"
        title={t`Voyage Activity`}
        empty={activityEmpty}
        emptyText={noData}
        table={
          <table className="data-table">
            <caption className="visually-hidden">
              <Trans>Voyage activity</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{unit}</th>
                <th scope="col">{createdLabel}</th>
                <th scope="col">{completedLabel}</th>
              </tr>
            </thead>
            <tbody>
              {activity.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{p.date}</th>
                  <td>{p.created}</td>
                  <td>{p.completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <Bar
          aria-label={activitySummary}
          options={common}
          data={{
            labels: activity.map((p) => p.date),
            datasets: [
              { label: createdLabel, data: activity.map((p) => p.created), backgroundColor: COLORS.ocean },
              { label: completedLabel, data: activity.map((p) => p.completed), backgroundColor: COLORS.teal },
            ],
          }}
        />
      </ChartCard>
      <ChartCard
        id="application-breakdown"
        title={t`Application Breakdown`}
        empty={breakdownTotal === 0}
        emptyText={t`No application data`}
        table={
          <table className="data-table">
            <caption className="visually-hidden">
              <Trans>Application breakdown</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Applications</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{pendingLabel}</th>
                <td>{breakdown.pending}</td>
              </tr>
              <tr>
                <th scope="row">{acceptedLabel}</th>
                <td>{breakdown.accepted}</td>
              </tr>
              <tr>
                <th scope="row">{rejectedLabel}</th>
                <td>{breakdown.rejected}</td>
              </tr>
            </tbody>
          </table>
        }
      >
        <Pie
          aria-label={breakdownSummary}
          options={common}
          data={{
            labels: [pendingLabel, acceptedLabel, rejectedLabel],
            datasets: [{ data: [breakdown.pending, breakdown.accepted, breakdown.rejected], backgroundColor: [COLORS.amber, COLORS.teal, COLORS.red] }],
          }}
        />
      </ChartCard>
    </div>
  );
}
