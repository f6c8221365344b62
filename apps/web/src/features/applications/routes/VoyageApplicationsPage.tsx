import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';

export function VoyageApplicationsPage() {
  usePageMeta('Voyage applications', 'Review the applications for your voyage.');
  return (
    <div className="page">
      <PageHeader title="Voyage applications" />
      <EmptyState title="Voyage not found">
        <p>
          <Link to="/dashboard">Back to your dashboard</Link>
        </p>
      </EmptyState>
    </div>
  );
}
