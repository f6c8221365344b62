import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';

export function AdminVoyagesPage() {
  usePageMeta('Voyage Oversight', 'Voyage Oversight for administrators.');
  return (
    <div>
      <PageHeader title="Voyage Oversight" />
      <EmptyState title="No voyages have been published yet." />
    </div>
  );
}
