import { applicationActionResponseSchema, type ApplicationActionResponse, type VoyageApplicationsResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voyageApplicationsQueryOptions } from './get-voyage-applications';
import { refreshAfterApplicationChange } from './refresh-after-change';

export type Decision = 'accept' | 'reject';

const PATHS: Record<Decision, string> = { accept: apiPaths.acceptApplication, reject: apiPaths.rejectApplication };

export const decideOnApplication = (decision: Decision, id: string): Promise<ApplicationActionResponse> =>
  apiRequest<ApplicationActionResponse>(PATHS[decision].replace('{id}', encodeURIComponent(id)), { method: 'POST', schema: applicationActionResponseSchema });

/**
 * The skipper's accept or reject (POST /api/applications/{id}/accept|reject).
 * The card shows its new status at once; the lists and counts refetch.
 */
export function useDecideOnApplication(voyageId: string, decision: Decision) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: string) => decideOnApplication(decision, applicationId),
    onSuccess: ({ application }) => {
      queryClient.setQueryData(voyageApplicationsQueryOptions(voyageId).queryKey, (current: VoyageApplicationsResponse | undefined) =>
        current && {
          ...current,
          applications: current.applications.map((item) => (item.id === application.id ? { ...item, status: application.status, updated_at: application.updated_at } : item)),
        },
      );
      refreshAfterApplicationChange(queryClient);
    },
  });
}
