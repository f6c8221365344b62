import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/States';
import { useViewerId } from '../../api/get-voyage';
import { voyagesQueryOptions } from '../../api/get-voyages';
import { activeFilterCount, PAGE_SIZE, type BrowseFilters } from '../../lib/browse-filters';
import { formatNumber } from '../../lib/format';
import { Pager } from '../../../../components/ui/Pager';
import { VoyageCard } from './VoyageCard';

interface VoyageListProps {
  readonly filters: BrowseFilters;
  readonly onPage: (page: number) => void;
  readonly onClear: () => void;
}

/** One server page of voyages (20), with the total count and page links. */
export function VoyageList({ filters, onPage, onClear }: VoyageListProps) {
  const viewerId = useViewerId();
  // While the account is still loading the viewer is unknown: wait rather than fetch a guest's page.
  const list = useQuery({ ...voyagesQueryOptions(filters, viewerId ?? null), enabled: viewerId !== undefined });
  if (list.isPending) return <LoadingState label="Loading voyages…" />;
  if (list.isError) return <ErrorState message={`Could not load voyages. ${list.error.message}`} onRetry={() => void list.refetch()} />;
  const { voyages, total } = list.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section className="voyage-list" aria-labelledby="voyage-results" aria-busy={list.isFetching || undefined}>
      <p id="voyage-results" className="voyage-list__count" role="status">
        {total === 1 ? '1 voyage found' : `${formatNumber(total)} voyages found`}
        {pages > 1 && ` · page ${Math.min(filters.page, pages)} of ${pages}`}
      </p>
      {voyages.length === 0 ? (
        <EmptyState title="No voyages found">
          <p>{activeFilterCount(filters) > 0 ? 'No published voyage matches these filters.' : 'No voyages have been published yet.'}</p>
          {activeFilterCount(filters) > 0 && (
            <button type="button" className="button button--secondary" onClick={onClear}>
              Clear filters
            </button>
          )}
        </EmptyState>
      ) : (
        <ul className="voyage-list__items">
          {voyages.map((voyage) => (
            <li key={voyage.id}>
              <VoyageCard voyage={voyage} application={voyage.my_application?.status ?? null} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={filters.page} pages={pages} onPage={onPage} />
    </section>
  );
}
