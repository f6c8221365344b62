import type { VoyageMapResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mapQueryString, type BrowseFilters } from '../lib/browse-filters';

/** Every matching voyage as a light map point (GET /api/voyages/map): no paging, possibly thousands. */
export const voyageMapQueryOptions = (filters: BrowseFilters) => {
  const query = mapQueryString(filters);
  return queryOptions({
    queryKey: ['voyages', 'map', query] as const,
    queryFn: ({ signal }) => apiRequest<VoyageMapResponse>(query ? `${apiPaths.voyageMap}?${query}` : apiPaths.voyageMap, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
