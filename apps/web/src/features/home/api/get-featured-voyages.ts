import type { VoyageListResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many voyages the home page shows. */
export const FEATURED_COUNT = 3;

/** Today as YYYY-MM-DD in the visitor's own time zone. */
const today = (now: Date): string => new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** The next voyages to sail (GET /api/voyages/ from today, soonest first): one small request, the list's own cache. */
export const featuredVoyagesQueryOptions = (now: Date = new Date()) => {
  const from = today(now);
  return queryOptions({
    queryKey: ['home', 'featured', from] as const,
    queryFn: ({ signal }) =>
      apiRequest<VoyageListResponse>(`${apiPaths.listVoyages}?departure_from=${from}&limit=${FEATURED_COUNT}`, { signal }),
    staleTime: 60_000,
  });
};

export const useFeaturedVoyages = () => useQuery(featuredVoyagesQueryOptions());
