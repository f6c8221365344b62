import type { PublicStats } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const publicStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats', 'public'] as const,
    queryFn: ({ signal }) => apiRequest<PublicStats>(apiPaths.publicStats, { signal }),
    staleTime: 60_000,
  });

export const usePublicStats = () => useQuery(publicStatsQueryOptions());
