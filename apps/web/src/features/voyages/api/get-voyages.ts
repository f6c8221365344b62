import type { VoyageListResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { listQueryString, type BrowseFilters } from '../lib/browse-filters';

/*
 * The browse list (GET /api/voyages/), filtered and paged on the server. No zod
 * here: the browse screen's first chunk stays free of the schema library.
 */
export const voyagesQueryOptions = (filters: BrowseFilters, viewerId: string | null) => {
  const query = listQueryString(filters);
  return queryOptions({
    // Cards show the viewer's own application (a rejected one disables the card), so the viewer is part of the key.
    queryKey: ['voyages', 'list', query, viewerId ?? 'guest'] as const,
    queryFn: ({ signal }) => apiRequest<VoyageListResponse>(`${apiPaths.listVoyages}?${query}`, { signal }),
    // Keep the last page on screen while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
};
