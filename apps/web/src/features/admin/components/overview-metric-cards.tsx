import type { AdminOverviewResponse } from '@crew/contracts';

const n = (value: number) => value.toLocaleString('en-GB');

/** The four metric cards of the Platform Overview (docs/features/admin-console.md). */
export function OverviewMetricCards({ overview }: { overview: AdminOverviewResponse }) {
  const { user_stats: users, subscription_stats: subs, voyage_stats: voyages, application_stats: applications } = overview;
  return (
    <ul className="metric-cards" aria-label="Platform figures">
      <li className="card metric">
        <h2 className="metric__title">Total Users</h2>
        <p className="metric__value">{n(users.total_users)}</p>
        {/* Parts that add up to the total; skippers and crew count "both" accounts in each. */}
        <p className="metric__detail">
          {n(users.skipper_only)} skippers · {n(users.crew_only)} crew · {n(users.both)} both · {n(users.admins)} {users.admins === 1 ? 'admin' : 'admins'}
        </p>
        <p className="metric__detail">
          {n(users.skippers)} can skipper and {n(users.crew_members)} can crew (“both” counts in each) · {n(users.unverified)} unverified
        </p>
      </li>
      <li className="card metric">
        <h2 className="metric__title">Premium Subscribers</h2>
        <p className="metric__value">{n(subs.premium_users)}</p>
        <p className="metric__detail">
          {subs.conversion_rate}% conversion rate · {n(subs.free_users)} free users
        </p>
      </li>
      <li className="card metric">
        <h2 className="metric__title">Voyages</h2>
        <p className="metric__value">{n(voyages.total_voyages)}</p>
        <p className="metric__detail">{n(voyages.active_voyages)} active</p>
      </li>
      <li className="card metric">
        <h2 className="metric__title">Applications</h2>
        <p className="metric__value">{n(applications.total_applications)}</p>
        <p className="metric__detail">{n(applications.pending_applications)} pending</p>
      </li>
    </ul>
  );
}
