import { platformConfigResponseSchema, routes, type PlatformConfigResponse } from '@crew/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const platformConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'config'] as const,
    queryFn: ({ signal }) => apiRequest<PlatformConfigResponse>(routes.getConfig.path, { schema: platformConfigResponseSchema, signal }),
  });

export const usePlatformConfig = () => useQuery(platformConfigQueryOptions());
