import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfigSummary } from '../components/ConfigSummary';

export function AdminDashboardPage() {
  usePageMeta('Platform Overview', 'Administration overview.');
  return (
    <div>
      <PageHeader title="Platform Overview" />
      <ConfigSummary />
      <nav className="admin-quick-links" aria-label="Quick links">
        <Link to="/admin/config">Configuration</Link>
        <Link to="/admin/users">Users</Link>
        <Link to="/admin/analytics">Analytics</Link>
        <Link to="/admin/support">Support</Link>
      </nav>
    </div>
  );
}
