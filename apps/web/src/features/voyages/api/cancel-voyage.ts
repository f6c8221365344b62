import type { CancelVoyageResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { storeVoyage } from '../../../api/voyages';
import { refreshAfterVoyageChange } from '../../../api/my-voyages';

export const cancelVoyage = (id: string): Promise<CancelVoyageResponse> =>
  apiRequest<CancelVoyageResponse>(apiPaths.cancelVoyage.replace('{id}', encodeURIComponent(id)), { method: 'POST', schema: lazySchema((contracts) => contracts.cancelVoyageResponseSchema) });

/** Cancel for good (owner only): the server rejects pending applications and notifies applicants. */
export function useCancelVoyage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelVoyage(id),
    onSuccess: (result) => {
      storeVoyage(queryClient, result.voyage);
      refreshAfterVoyageChange(queryClient);
    },
  });
}
