import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SavedSearchBbox } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/PageHeader';
import { ErrorState, LoadingState } from '../../../components/ui/States';
import { usePainted } from '../../../lib/after-first-paint';
import { prefetchWithEarlyAnswer } from '../../../lib/early-answer';
import { usePageMeta } from '../../../lib/page-meta';
import { lazyComponent } from '../../../lib/lazy-component';
import { urlOf } from '../../../api/contract-client';
import { voyageMapQueryOptions, voyagesQueryOptions } from '../../../api/voyages';
import { FilterPanel } from '../components/browse/FilterPanel';
import { SearchForm } from '../components/browse/SearchForm';
import { VoyageList } from '../components/browse/VoyageList';
import { activeFilterCount, DEFAULT_FILTERS, listQuery, mapQuery, parseBrowseParams, toBrowseParams, type BrowseFilters, type MapView } from '../lib/browse-filters';
import { BROWSE_ZOOM } from '../components/map/tile-layers';
import type { SaveSearch as SaveSearchComponent } from '../components/browse/SaveSearch';
import '../voyages.css';

// Leaflet and the world outline load only when the map is shown.
const BrowseMap = lazy(() => import('../components/map/BrowseMap').then((module) => ({ default: module.BrowseMap })));
// "Save this search": its dialog and form (and a guest's way to sign in) load when the pointer nears the button, at the latest on the click.
const SaveSearch = lazyComponent<ComponentProps<typeof SaveSearchComponent>>(
  () => import('../components/browse/save-search-loader').then(({ loadSaveSearch }) => loadSaveSearch()),
  'SaveSearch',
);
// A chunk that cannot be fetched now is fetched again on the click, whose failure the page's error boundary shows.
const preloadSave = () => void SaveSearch.preload().catch(() => undefined);

const INITIAL_MAP_VIEW: MapView = { zoom: BROWSE_ZOOM, bbox: null };
const SEARCH_FORM_ID = 'voyage-search-form';
const FILTERS_ID = 'voyage-filters';

/**
 * A guest who opens the list asks for its page as the app starts (src/app/router.tsx), beside the page's code,
 * not once the list has been drawn without it: the cards come a round trip sooner on a phone. The query is the
 * one the list makes (a signed-in member's answer depends on who they are, known once the account has loaded).
 * The page's HTML may have asked already (public/voyage-prefetch.js): its answer is taken when it is for this
 * very address.
 */
export function prefetchGuestList(search: URLSearchParams, queryClient: QueryClient): void {
  const early = window.__crewEarlyList;
  window.__crewEarlyList = null;
  const filters = parseBrowseParams(search);
  if (filters.view !== 'list') return;
  const query = listQuery(filters);
  const forThisAddress = early?.url === urlOf(apiPaths.listVoyages, undefined, query) ? early.answer : null;
  void prefetchWithEarlyAnswer(queryClient, voyagesQueryOptions(query, null), forThisAddress);
}

/** Browse voyages on a map (default) or as a filtered, paged list; all state is in the URL. */
export function VoyagesPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseBrowseParams(params), [params]);
  const search = filters.search;
  usePageMeta(search ? t`Voyages: ${search}` : t`Voyages`, t`Browse sailing voyages looking for crew, on a map or as a list.`);

  const update = useCallback(
    (patch: Partial<BrowseFilters>) => {
      // A new filter starts again at page 1; switching views keeps the place.
      const page = patch.page ?? (Object.keys(patch).every((key) => key === 'view') ? filters.page : 1);
      // flushSync: a clicked radio or chip shows its new state at once, not after the router's transition.
      setParams(toBrowseParams({ ...filters, ...patch, page }), { flushSync: true });
    },
    [filters, setParams],
  );
  // On a phone the page's search and the filters fold behind one button, so the map (or list) has the first screen; wide screens always show them.
  const [refineOpen, setRefineOpen] = useState(false);
  const active = activeFilterCount(filters);
  const clear = useCallback(() => setParams(toBrowseParams({ ...DEFAULT_FILTERS, view: filters.view }), { flushSync: true }), [filters.view, setParams]);

  // Leaflet and the world are fetched once the header and filters are on screen, not before.
  const painted = usePainted();
  // The opening view is the whole world at the opening zoom, so its request goes out with the map's code, not after it
  // has loaded; and not before the first paint either, when a phone's bandwidth goes to the page's own code.
  const [mapView, setMapView] = useState<MapView>(INITIAL_MAP_VIEW);
  const map = useQuery({ ...voyageMapQueryOptions(mapQuery(filters, mapView)), enabled: filters.view === 'map' && painted });

  // How many times "Save this search" was asked (each opens its dialog), and the area the map shows once moved (none until then).
  const [saveAsked, setSaveAsked] = useState(0);
  const mapArea = useRef<SavedSearchBbox | null>(null);
  const mapError = map.error?.message ?? '';
  const mapPlaceholder = (
    <div className="voyage-map">
      <LoadingState label={t`Loading map…`} />
    </div>
  );

  return (
    <div className={`page page--wide voyages-page${refineOpen ? '' : ' voyages-page--folded'}`}>
      <PageHeader title={t`Voyages`} lead={t`Find a voyage that fits your dates, experience and budget.`} />
      <div className="browse-toolbar">
        <SearchForm key={filters.search} id={SEARCH_FORM_ID} value={filters.search} onSearch={(search) => update({ search })} />
        <div className="view-toggle" role="group" aria-label={t`View`}>
          <button type="button" className="chip" aria-pressed={filters.view === 'map'} onClick={() => update({ view: 'map' })}>
            <Trans>Map View</Trans>
          </button>
          <button type="button" className="chip" aria-pressed={filters.view === 'list'} onClick={() => update({ view: 'list' })}>
            <Trans>List View</Trans>
          </button>
        </div>
        <button
          type="button"
          className="button button--secondary button--small browse-refine-toggle"
          aria-expanded={refineOpen}
          aria-controls={`${SEARCH_FORM_ID} ${FILTERS_ID}`}
          onClick={() => setRefineOpen((open) => !open)}
        >
          {active > 0 ? t`Search & filters (${active})` : t`Search & filters`}
        </button>
      </div>
      {filters.search && (
        <p className="search-summary" data-testid="search-summary">
          <Trans>
            Showing results for <strong>{search}</strong>
          </Trans>{' '}
          ·{' '}
          <button type="button" className="link-button" onClick={() => update({ search: '' })}>
            <Trans>Clear search</Trans>
          </button>
        </p>
      )}
      <div className="browse">
        <FilterPanel id={FILTERS_ID} filters={filters} onChange={update} onClear={clear}>
          <button
            type="button"
            className="button button--secondary button--block"
            onPointerEnter={preloadSave}
            onFocus={preloadSave}
            onClick={() => setSaveAsked((asked) => asked + 1)}
          >
            <Trans>Save this search</Trans>
          </button>
        </FilterPanel>
        <div className="browse__main">
          {filters.view === 'map' ? (
            <>
              {map.isError && <ErrorState message={t`Could not load the voyage map. ${mapError}`} onRetry={() => void map.refetch()} />}
              {/* The placeholder takes the map's room, so nothing moves when the map arrives. */}
              {painted ? (
                <Suspense fallback={mapPlaceholder}>
                  <BrowseMap
                    data={map.data}
                    isLoading={map.isPending}
                    onViewChange={setMapView}
                    onSearchArea={(bbox) => update({ bbox, view: 'list' })}
                    openOn={filters.bbox}
                    onAreaChange={(area) => (mapArea.current = area)}
                  />
                </Suspense>
              ) : (
                mapPlaceholder
              )}
            </>
          ) : (
            <VoyageList
              filters={filters}
              onClear={clear}
              onSort={(sort) => update({ sort })}
              onPage={(page) => {
                update({ page });
                // Back to the top of the results, not of the page header.
                document.getElementById('voyage-results')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
              }}
            />
          )}
        </div>
      </div>
      {saveAsked > 0 && (
        <Suspense fallback={null}>
          <SaveSearch asked={saveAsked} filters={filters} mapArea={mapArea} />
        </Suspense>
      )}
    </div>
  );
}
