import { voyageApplicationsResponseSchema, type VoyageApplicationsResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * One voyage's summary and its applications, for its skipper (403 for anyone
 * else, 404 when unknown). Under the ['voyages'] key so that a voyage change
 * made elsewhere (a cancel, say) refreshes this screen too.
 */
export const voyageApplicationsQueryOptions = (voyageId: string) =>
  queryOptions({
    queryKey: ['voyages', 'applications', voyageId] as const,
    queryFn: ({ signal }) =>
      apiRequest<VoyageApplicationsResponse>(apiPaths.voyageApplications.replace('{id}', encodeURIComponent(voyageId)), {
        schema: voyageApplicationsResponseSchema,
        signal,
      }),
  });
