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
  usePageMeta('Platform Overview', 'Administration overview.');
  const overview = useQuery(adminOverviewQueryOptions());
  const config = useQuery(platformConfigQueryOptions());
  const failed = overview.isError ? overview.error : config.isError ? config.error : null;
  return (
    <div className="admin-page">
      <PageHeader title="Platform Overview">
        {config.data && (
          <p className={`status-pill${config.data.monetization_enabled.value ? ' status-pill--on' : ''}`}>
            {config.data.monetization_enabled.value ? 'Monetization Enabled' : 'Monetization Disabled'}
          </p>
        )}
      </PageHeader>
      {failed ? (
        <ErrorState
          message={failed.message || 'Failed to load dashboard data'}
          onRetry={() => {
            void overview.refetch();
            void config.refetch();
          }}
        />
      ) : !overview.data || !config.data ? (
        <LoadingState label="Loading dashboard…" />
      ) : (
        <>
          <OverviewMetricCards overview={overview.data} />
          <section className="card monetization-controls" aria-labelledby="monetization-controls-title">
            <h2 id="monetization-controls-title">Monetization Controls</h2>
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
      <nav className="admin-quick-links" aria-label="Quick links">
        <Link to="/admin/config" className="card">
          Platform Configuration
        </Link>
        <Link to="/admin/users" className="card">
          User Management
        </Link>
        <Link to="/admin/analytics" className="card">
          Platform Analytics
        </Link>
        <Link to="/admin/support" className="card">
          Support Dashboard
        </Link>
      </nav>
    </div>
  );
}
