import type { DetailedAnalytics } from '@crew/contracts';
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
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
  const [asTable, setAsTable] = useState(false);
  return (
    <section className="card analytics-chart" aria-labelledby={`${id}-title`} data-chart={id}>
      <div className="analytics-chart__head">
        <h2 id={`${id}-title`}>{title}</h2>
        {!empty && (
          <button type="button" className="button button--secondary button--small" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
            {asTable ? 'Show chart' : 'Show as table'}
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

export function AnalyticsCharts({ analytics }: { analytics: DetailedAnalytics }) {
  const growth = analytics.user_growth_chart;
  const activity = analytics.voyage_activity_chart;
  const breakdown = analytics.application_breakdown;
  const unit = analytics.period.bucket === 'week' ? 'Week of' : 'Day';
  const lastGrowth = growth[growth.length - 1];
  const growthEmpty = growth.length === 0 || growth.every((p) => p.total === 0);
  const activityEmpty = activity.every((p) => p.created === 0 && p.completed === 0);
  const breakdownTotal = breakdown.pending + breakdown.accepted + breakdown.rejected;
  const growthSummary = `User growth: ${lastGrowth ? `${lastGrowth.total} users at the end of the period, ${lastGrowth.skippers} skippers and ${lastGrowth.crew} crew` : 'no data'}.`;
  const activitySummary = `Voyage activity: ${activity.reduce((t, p) => t + p.created, 0)} voyages created and ${activity.reduce((t, p) => t + p.completed, 0)} completed in the period.`;
  const breakdownSummary = `Applications: ${breakdown.pending} pending, ${breakdown.accepted} accepted, ${breakdown.rejected} rejected.`;
  return (
    <div className="analytics-charts">
      <ChartCard
        id="user-growth"
        title="User Growth"
        empty={growthEmpty}
        emptyText="No data available"
        table={
          <table className="data-table">
            <caption className="visually-hidden">User growth</caption>
            <thead>
              <tr>
                <th scope="col">{unit}</th>
                <th scope="col">Total</th>
                <th scope="col">Skippers</th>
                <th scope="col">Crew</th>
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
              { label: 'Total', data: growth.map((p) => p.total), borderColor: COLORS.navy, backgroundColor: COLORS.navy },
              { label: 'Skippers', data: growth.map((p) => p.skippers), borderColor: COLORS.ocean, backgroundColor: COLORS.ocean },
              { label: 'Crew', data: growth.map((p) => p.crew), borderColor: COLORS.teal, backgroundColor: COLORS.teal },
            ],
          }}
        />
      </ChartCard>
      <ChartCard
        id="voyage-activity"
        title="Voyage Activity"
        empty={activityEmpty}
        emptyText="No data available"
        table={
          <table className="data-table">
            <caption className="visually-hidden">Voyage activity</caption>
            <thead>
              <tr>
                <th scope="col">{unit}</th>
                <th scope="col">Created</th>
                <th scope="col">Completed</th>
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
              { label: 'Created', data: activity.map((p) => p.created), backgroundColor: COLORS.ocean },
              { label: 'Completed', data: activity.map((p) => p.completed), backgroundColor: COLORS.teal },
            ],
          }}
        />
      </ChartCard>
      <ChartCard
        id="application-breakdown"
        title="Application Breakdown"
        empty={breakdownTotal === 0}
        emptyText="No application data"
        table={
          <table className="data-table">
            <caption className="visually-hidden">Application breakdown</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Applications</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Pending</th>
                <td>{breakdown.pending}</td>
              </tr>
              <tr>
                <th scope="row">Accepted</th>
                <td>{breakdown.accepted}</td>
              </tr>
              <tr>
                <th scope="row">Rejected</th>
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
            labels: ['Pending', 'Accepted', 'Rejected'],
            datasets: [{ data: [breakdown.pending, breakdown.accepted, breakdown.rejected], backgroundColor: [COLORS.amber, COLORS.teal, COLORS.red] }],
          }}
        />
      </ChartCard>
    </div>
  );
}
