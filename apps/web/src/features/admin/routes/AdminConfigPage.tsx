import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfigSummary } from '../components/ConfigSummary';

export function AdminConfigPage() {
  usePageMeta('Platform Configuration', 'Monetization, rollout, trial and price settings.');
  return (
    <div>
      <PageHeader title="Platform Configuration" />
      <ConfigSummary />
    </div>
  );
}
