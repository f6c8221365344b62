import type { VoyageResponse, VoyageUpdate } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithEtag, lazySchema } from '../../../lib/api-client';
import { storeVoyage } from '../../../api/voyages';
import { refreshAfterVoyageChange } from '../../../api/my-voyages';

export const updateVoyage = (id: string, body: VoyageUpdate): Promise<VoyageResponse> =>
  apiRequest<VoyageResponse>(apiPaths.updateVoyage.replace('{id}', encodeURIComponent(id)), { method: 'PUT', body, schema: lazySchema((contracts) => contracts.voyageSchema) });

/** The full edit from the edit page: sends the version it loaded (If-Match) and returns the saved voyage's new version. */
export const updateVoyageFrom = (id: string, body: VoyageUpdate, ifMatch: string | null): Promise<{ data: VoyageResponse; etag: string | null }> =>
  apiRequestWithEtag<VoyageResponse>(apiPaths.updateVoyage.replace('{id}', encodeURIComponent(id)), {
    method: 'PUT',
    body,
    schema: lazySchema((contracts) => contracts.voyageSchema),
    ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}),
  });

/** Status change, contribution change or full edit (spec: PUT /api/voyages/{id}); refreshes every voyage view. */
export function useUpdateVoyage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoyageUpdate) => updateVoyage(id, body),
    onSuccess: (voyage) => {
      storeVoyage(queryClient, voyage);
      refreshAfterVoyageChange(queryClient);
    },
  });
}
