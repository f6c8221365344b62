import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';

export function AdminUsersPage() {
  usePageMeta('User Management', 'User Management for administrators.');
  return (
    <div>
      <PageHeader title="User Management" />
      <EmptyState title="No users match your filters." />
    </div>
  );
}
