import { boatListSchema, type BoatResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The skipper's boats for the voyage form; only active ones may be offered. */
export const myBoatsQueryOptions = () =>
  queryOptions({
    queryKey: ['voyages', 'form', 'my-boats'] as const,
    queryFn: ({ signal }) => apiRequest<{ boats: BoatResponse[] }>(apiPaths.listBoats, { schema: boatListSchema, signal }).then((r) => r.boats),
  });
