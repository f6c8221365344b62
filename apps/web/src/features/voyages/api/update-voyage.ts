import type { VoyageResponse, VoyageUpdate } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { storeVoyage } from './get-voyage';

export const updateVoyage = (id: string, body: VoyageUpdate): Promise<VoyageResponse> =>
  apiRequest<VoyageResponse>(apiPaths.updateVoyage.replace('{id}', encodeURIComponent(id)), { method: 'PUT', body, schema: lazySchema((contracts) => contracts.voyageSchema) });

/** Status change, contribution change or full edit (spec: PUT /api/voyages/{id}); refreshes every voyage view. */
export function useUpdateVoyage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoyageUpdate) => updateVoyage(id, body),
    onSuccess: (voyage) => {
      storeVoyage(queryClient, voyage);
      void queryClient.invalidateQueries({ queryKey: ['voyages'] });
    },
  });
}
