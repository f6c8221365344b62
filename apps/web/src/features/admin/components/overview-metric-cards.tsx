import type { AdminOverviewResponse } from '@crew/contracts';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format';
import { formatPercent } from './admin-format';

/** The four metric cards of the Platform Overview (docs/features/admin-console.md). */
export function OverviewMetricCards({ overview }: { overview: AdminOverviewResponse }) {
  const { t } = useLingui();
  const { user_stats: users, subscription_stats: subs, voyage_stats: voyages, application_stats: applications } = overview;
  const { skipper_only: skipperOnly, crew_only: crewOnly, both, admins } = users;
  const totalUsers = formatNumber(users.total_users);
  const skippers = formatNumber(users.skippers);
  const crewMembers = formatNumber(users.crew_members);
  const unverified = formatNumber(users.unverified);
  const conversionRate = formatPercent(subs.conversion_rate);
  const freeUsers = formatNumber(subs.free_users);
  const activeVoyages = formatNumber(voyages.active_voyages);
  const pendingApplications = formatNumber(applications.pending_applications);
  return (
    <ul className="metric-cards" aria-label={t`Platform figures`}>
      <li className="card metric">
        <h2 className="metric__title">
          <Trans>Total Users</Trans>
        </h2>
        <p className="metric__value">{totalUsers}</p>
        {/* Parts that add up to the total; skippers and crew count "both" accounts in each. */}
        <p className="metric__detail">
          {t`${plural(skipperOnly, { one: '# skipper', other: '# skippers' })} · ${plural(crewOnly, { one: '# crew', other: '# crew' })} · ${plural(both, { one: '# both', other: '# both' })} · ${plural(admins, { one: '# admin', other: '# admins' })}`}
        </p>
        <p className="metric__detail">
          <Trans>
            {skippers} can skipper and {crewMembers} can crew (“both” counts in each) · {unverified} unverified
          </Trans>
        </p>
      </li>
      <li className="card metric">
        <h2 className="metric__title">
          <Trans>Premium Subscribers</Trans>
        </h2>
        <p className="metric__value">{formatNumber(subs.premium_users)}</p>
        <p className="metric__detail">
          <Trans>
            {conversionRate} conversion rate · {freeUsers} free users
          </Trans>
        </p>
      </li>
      <li className="card metric">
        <h2 className="metric__title">
          <Trans>Voyages</Trans>
        </h2>
        <p className="metric__value">{formatNumber(voyages.total_voyages)}</p>
        <p className="metric__detail">
          <Trans>{activeVoyages} active</Trans>
        </p>
      </li>
      <li className="card metric">
        <h2 className="metric__title">
          <Trans>Applications</Trans>
        </h2>
        <p className="metric__value">{formatNumber(applications.total_applications)}</p>
        <p className="metric__detail">
          <Trans>{pendingApplications} pending</Trans>
        </p>
      </li>
    </ul>
  );
}
