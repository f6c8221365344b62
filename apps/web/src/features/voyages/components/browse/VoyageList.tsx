import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../../components/ui/States';
import { useViewerId, voyagesQueryOptions } from '../../../../api/voyages';
import { isCrewLike, useSession } from '../../../../lib/session';
import { activeFilterCount, listQuery, PAGE_SIZE, type BrowseFilters, type BrowseSort } from '../../lib/browse-filters';
import { Pager } from '../../../../components/ui/Pager';
import { useProgressiveCount } from '../../../../lib/use-progressive-count';
import { VoyageCard } from './VoyageCard';

interface VoyageListProps {
  readonly filters: BrowseFilters;
  readonly onPage: (page: number) => void;
  readonly onClear: () => void;
  readonly onSort?: (sort: BrowseSort) => void;
}

/** One server page of voyages (20), with the total count and page links. */
export function VoyageList({ filters, onPage, onClear, onSort }: VoyageListProps) {
  const { t } = useLingui();
  const viewerId = useViewerId();
  const { user } = useSession();
  // Match scores exist for crew members only; others keep the departure order.
  const canSortByMatch = Boolean(user && isCrewLike(user) && onSort);
  // While the account is still loading the viewer is unknown: wait rather than fetch a guest's page.
  const list = useQuery({ ...voyagesQueryOptions(listQuery(filters), viewerId ?? null), enabled: viewerId !== undefined });
  const shown = useProgressiveCount(list.data?.voyages);
  if (list.isPending) return <LoadingState label={t`Loading voyages…`} />;
  if (list.isError) {
    const reason = list.error.message;
    return <ErrorState message={t`Could not load voyages. ${reason}`} onRetry={() => void list.refetch()} />;
  }
  const { voyages, total } = list.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  return (
    <section className="voyage-list" aria-labelledby="voyage-results" aria-busy={list.isFetching || undefined}>
      <p id="voyage-results" className="voyage-list__count" role="status">
        {plural(total, { one: '# voyage found', other: '# voyages found' })}
        {pages > 1 && ` · ${t`page ${page} of ${pages}`}`}
      </p>
      {canSortByMatch && (
        <div className="field voyage-list__sort">
          <label htmlFor="voyage-sort">
            <Trans>Sort by</Trans>
          </label>
          <select id="voyage-sort" value={filters.sort} onChange={(event) => onSort?.(event.target.value === 'match' ? 'match' : 'departure')}>
            <option value="departure">{t`Departure date`}</option>
            <option value="match">{t`Best match`}</option>
          </select>
        </div>
      )}
      {voyages.length === 0 ? (
        <EmptyState title={t`No voyages found`}>
          <p>{activeFilterCount(filters) > 0 ? t`No published voyage matches these filters.` : t`No voyages have been published yet.`}</p>
          {activeFilterCount(filters) > 0 && (
            <button type="button" className="button button--secondary" onClick={onClear}>
              <Trans>Clear filters</Trans>
            </button>
          )}
        </EmptyState>
      ) : (
        <ul className="voyage-list__items">
          {voyages.slice(0, shown).map((voyage) => (
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
