import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';
import { accessListsQueryOptions, platformConfigQueryOptions } from '../../../api/admin-config';
import { ConfigAccessList } from '../components/config-access-list';
import { ConfigAsOfPanel } from '../components/config-as-of-panel';
import { ConfigHistoryTable } from '../components/config-history-table';
import { MonetizationToggle } from '../components/config-monetization-toggle';
import { ConfigRecentChanges } from '../components/config-recent-changes';
import { RolloutSlider } from '../components/config-rollout-slider';
import { ConfigValueForm } from '../components/config-value-form';

export function AdminConfigPage() {
  const { t } = useLingui();
  usePageMeta(t`Platform Configuration`, t`Monetization, rollout, trial and price settings, with their full history.`);
  const config = useQuery(platformConfigQueryOptions());
  const lists = useQuery(accessListsQueryOptions());
  const failed = config.isError ? config.error : lists.isError ? lists.error : null;
  return (
    <div className="admin-page">
      <PageHeader title={t`Platform Configuration`}>
        {config.data && (
          <p className={`status-pill${config.data.monetization_enabled.value ? ' status-pill--on' : ''}`}>{config.data.monetization_enabled.value ? t`Active` : t`Inactive`}</p>
        )}
      </PageHeader>
      {failed ? (
        <ErrorState
          message={failed.message || t`Failed to load the configuration`}
          onRetry={() => {
            void config.refetch();
            void lists.refetch();
          }}
        />
      ) : !config.data || !lists.data ? (
        <LoadingState label={t`Loading configuration…`} />
      ) : (
        <div className="config-grid">
          <section className="card" aria-labelledby="monetization-title">
            <h2 id="monetization-title">
              <Trans>Monetization</Trans>
            </h2>
            <MonetizationToggle config={config.data} withNotes />
            <RolloutSlider config={config.data} />
          </section>
          <section className="config-values" aria-label={t`Trial and price`}>
            <ConfigValueForm key={`trial-${config.data.free_trial_period_days.value}`} configKey="free_trial_period_days" current={config.data.free_trial_period_days.value} />
            <ConfigValueForm key={`price-${config.data.subscription_price_gbp.value}`} configKey="subscription_price_gbp" current={config.data.subscription_price_gbp.value} />
          </section>
          <section className="config-lists" aria-label={t`Access lists`}>
            <ConfigAccessList listType="grandfathered" lists={lists.data} />
            <ConfigAccessList listType="beta" lists={lists.data} />
          </section>
        </div>
      )}
      <ConfigRecentChanges />
      <ConfigHistoryTable />
      <ConfigAsOfPanel />
    </div>
  );
}
