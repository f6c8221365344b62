import { platformConfigResponseSchema, routes, type PlatformConfigResponse } from '@crew/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every admin query lives under this root key, so a config change refreshes them all. */
export const ADMIN_KEY = ['admin'] as const;

export const platformConfigQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'config'] as const,
    queryFn: ({ signal }) => apiRequest<PlatformConfigResponse>(routes.getConfig.path, { schema: platformConfigResponseSchema, signal }),
  });

/** GET /api/admin/config */
export const usePlatformConfig = () => useQuery(platformConfigQueryOptions());
