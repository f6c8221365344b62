import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';

export function AdminAnalyticsPage() {
  usePageMeta('Platform Analytics', 'Platform Analytics for administrators.');
  return (
    <div>
      <PageHeader title="Platform Analytics" />
      <EmptyState title="This page is not built yet" />
    </div>
  );
}
