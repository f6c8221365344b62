import { myApplicationsResponseSchema, type ApplicationResponse, type MyApplicationsResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in crew member's applications, newest first (GET /api/applications/my-applications). */
export const myApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: ['applications', 'mine'] as const,
    queryFn: ({ signal }) =>
      apiRequest<MyApplicationsResponse>(apiPaths.myApplications, { schema: myApplicationsResponseSchema, signal }).then((r): ApplicationResponse[] => r.applications),
  });
