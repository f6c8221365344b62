import { ErrorState, LoadingState } from '../../../components/ui/States';
import { usePlatformConfig } from '../api/get-platform-config';

/** The live platform configuration, read from the config read model. */
export function ConfigSummary() {
  const config = usePlatformConfig();
  if (config.isPending) return <LoadingState label="Loading configuration…" />;
  if (config.isError) return <ErrorState message={config.error.message || 'Failed to load dashboard data'} onRetry={() => void config.refetch()} />;
  const { monetization_enabled, rollout_percentage, free_trial_period_days, subscription_price_gbp } = config.data;
  return (
    <dl className="metric-cards">
      <div className="card metric">
        <dt>Monetization</dt>
        <dd>{monetization_enabled.value ? 'Monetization Enabled' : 'Monetization Disabled'}</dd>
      </div>
      <div className="card metric">
        <dt>Rollout</dt>
        <dd>{rollout_percentage.value}% of crew members affected</dd>
      </div>
      <div className="card metric">
        <dt>Free trial</dt>
        <dd>{free_trial_period_days.value} days</dd>
      </div>
      <div className="card metric">
        <dt>Subscription price</dt>
        <dd>£{subscription_price_gbp.value.toFixed(2)} per year</dd>
      </div>
    </dl>
  );
}
