import { voyageSchema, type VoyageRequest, type VoyageResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeVoyage } from '../../../api/voyages';
import { refreshAfterVoyageChange } from '../../../api/my-voyages';

/** POST /api/voyages/: publish a voyage, or save it as a server-side draft (draft: true). */
export const createVoyage = (body: VoyageRequest): Promise<VoyageResponse> =>
  apiRequest<VoyageResponse>(apiPaths.createVoyage, { method: 'POST', body, schema: voyageSchema });

export function useCreateVoyage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoyage,
    onSuccess: (voyage) => {
      storeVoyage(queryClient, voyage);
      refreshAfterVoyageChange(queryClient);
    },
  });
}
