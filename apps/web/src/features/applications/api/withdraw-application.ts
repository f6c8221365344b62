import { applicationActionResponseSchema, type ApplicationActionResponse, type ApplicationResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { myApplicationsQueryOptions } from './get-my-applications';
import { refreshAfterApplicationChange } from './refresh-after-change';

export const withdrawApplication = (id: string): Promise<ApplicationActionResponse> =>
  apiRequest<ApplicationActionResponse>(apiPaths.withdrawApplication.replace('{id}', encodeURIComponent(id)), {
    method: 'POST',
    schema: applicationActionResponseSchema,
  });

/** POST /api/applications/{id}/withdraw: the applicant takes back a pending application. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: ({ application }) => {
      queryClient.setQueryData(myApplicationsQueryOptions().queryKey, (current: ApplicationResponse[] | undefined) =>
        current?.map((item) => (item.id === application.id ? application : item)),
      );
      refreshAfterApplicationChange(queryClient);
    },
  });
}
