import { voyageSchema, type VoyageResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const voyageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['voyages', 'detail', id] as const,
    queryFn: ({ signal }) => apiRequest<VoyageResponse>(apiPaths.getVoyage.replace('{id}', encodeURIComponent(id)), { schema: voyageSchema, signal }),
  });
