import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { platformConfigQueryOptions } from '../../../api/admin-config';
import { adminOverviewQueryOptions } from '../../../api/admin-overview';
import { MonetizationToggle } from '../components/config-monetization-toggle';
import { RolloutSlider } from '../components/config-rollout-slider';
import { OverviewMetricCards } from '../components/overview-metric-cards';
import { OverviewRolloutImpact } from '../components/overview-rollout-impact';

export function AdminDashboardPage() {
  const { t } = useLingui();
  usePageMeta(t`Platform Overview`, t`Administration overview.`);
  const overview = useQuery(adminOverviewQueryOptions());
  const config = useQuery(platformConfigQueryOptions());
  const failed = overview.isError ? overview.error : config.isError ? config.error : null;
  return (
    <div className="admin-page">
      <PageHeader title={t`Platform Overview`}>
        {config.data && (
          <p className={`status-pill${config.data.monetization_enabled.value ? ' status-pill--on' : ''}`}>
            {config.data.monetization_enabled.value ? t`Monetization Enabled` : t`Monetization Disabled`}
          </p>
        )}
      </PageHeader>
      {failed ? (
        <ErrorState
          message={failed.message || t`Failed to load dashboard data`}
          onRetry={() => {
            void overview.refetch();
            void config.refetch();
          }}
        />
      ) : !overview.data || !config.data ? (
        <LoadingState label={t`Loading dashboard…`} />
      ) : (
        <>
          <OverviewMetricCards overview={overview.data} />
          <section className="card monetization-controls" aria-labelledby="monetization-controls-title">
            <h2 id="monetization-controls-title">
              <Trans>Monetization Controls</Trans>
            </h2>
            <div className="monetization-controls__grid">
              <div>
                <MonetizationToggle config={config.data} />
                <RolloutSlider config={config.data} />
              </div>
              <OverviewRolloutImpact info={overview.data.monetization_info} />
            </div>
          </section>
        </>
      )}
      <nav className="admin-quick-links" aria-label={t`Quick links`}>
        <Link to="/admin/config" className="card">
          <Trans>Platform Configuration</Trans>
        </Link>
        <Link to="/admin/users" className="card">
          <Trans>User Management</Trans>
        </Link>
        <Link to="/admin/analytics" className="card">
          <Trans>Platform Analytics</Trans>
        </Link>
        <Link to="/admin/support" className="card">
          <Trans>Support Dashboard</Trans>
        </Link>
      </nav>
    </div>
  );
}
