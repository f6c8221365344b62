import type { VoyageMapResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mapQueryString, type BrowseFilters, type MapView } from '../lib/browse-filters';

/** The browse map of one view (GET /api/voyages/map): clusters and markers, clustered by the server. */
export const voyageMapQueryOptions = (filters: BrowseFilters, view: MapView) => {
  const query = mapQueryString(filters, view);
  return queryOptions({
    queryKey: ['voyages', 'map', query] as const,
    queryFn: ({ signal }) => apiRequest<VoyageMapResponse>(`${apiPaths.voyageMap}?${query}`, { signal }),
    // The previous view stays drawn until the next one arrives.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
