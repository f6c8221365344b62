import { applicationActionResponseSchema, myApplicationsResponseSchema, type ApplicationActionResponse, type ApplicationResponse, type MyApplicationsResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/applications/my-applications: the signed-in crew member's
 * applications, newest first. Under the ['applications'] root key, so applying
 * or withdrawing anywhere refreshes the dashboard too.
 */
export const myApplicationsQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: ['applications', 'mine', viewerId] as const,
    queryFn: ({ signal }) =>
      apiRequest<MyApplicationsResponse>(apiPaths.myApplications, { schema: myApplicationsResponseSchema, signal }).then((r): ApplicationResponse[] => r.applications),
  });

export const withdrawApplication = (id: string): Promise<ApplicationActionResponse> =>
  apiRequest<ApplicationActionResponse>(apiPaths.withdrawApplication.replace('{id}', encodeURIComponent(id)), { method: 'POST', schema: applicationActionResponseSchema });

/** POST /api/applications/{id}/withdraw (pending only); the list shows the new status at once, voyages show it after a refresh. */
export function useWithdrawApplication(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: ({ application }) => {
      queryClient.setQueryData(myApplicationsQueryOptions(viewerId).queryKey, (current: ApplicationResponse[] | undefined) =>
        current?.map((item) => (item.id === application.id ? application : item)),
      );
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
      // The voyage pages and browse cards carry the viewer's `my_application`.
      void queryClient.invalidateQueries({ queryKey: ['voyages'] });
    },
  });
}
