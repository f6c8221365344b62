import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState } from '../../../components/ui/States';
import { usePageMeta } from '../../../lib/page-meta';

const FILTERS = ['All', 'Pending', 'Accepted', 'Rejected', 'Withdrawn'] as const;

export function MyApplicationsPage() {
  usePageMeta('My Applications', 'Follow the applications you have made to join voyages.');
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('All');
  return (
    <div className="page">
      <PageHeader title="My Applications" />
      <div className="filter-buttons" role="group" aria-label="Filter applications">
        {FILTERS.map((name) => (
          <button key={name} type="button" className="chip" aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {name} (0)
          </button>
        ))}
      </div>
      <EmptyState title={filter === 'All' ? 'You have not applied to any voyages yet.' : `No ${filter.toLowerCase()} applications.`}>
        <Link to="/voyages" className="button button--primary">
          Browse Available Voyages
        </Link>
      </EmptyState>
    </div>
  );
}
