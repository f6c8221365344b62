import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';

export function AdminSupportPage() {
  usePageMeta('Support Dashboard', 'Support Dashboard for administrators.');
  return (
    <div>
      <PageHeader title="Support Dashboard" />
      <EmptyState title="This page is not built yet" />
    </div>
  );
}
