import { cancelVoyageResponseSchema, myVoyagesResponseSchema, voyageSchema, type CancelVoyageResponse, type MyVoyagesResponse, type VoyageResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The signed-in skipper's voyages, drafts included. Under the ['voyages'] key
 * so that any voyage change made elsewhere refreshes the dashboard too.
 */
export const myVoyagesQueryOptions = () =>
  queryOptions({
    queryKey: ['voyages', 'mine'] as const,
    queryFn: ({ signal }) => apiRequest<MyVoyagesResponse>(apiPaths.myVoyages, { schema: myVoyagesResponseSchema, signal }).then((r): VoyageResponse[] => r.voyages),
  });

export const cancelVoyage = (id: string): Promise<CancelVoyageResponse> =>
  apiRequest<CancelVoyageResponse>(apiPaths.cancelVoyage.replace('{id}', encodeURIComponent(id)), { method: 'POST', schema: cancelVoyageResponseSchema });

/** POST /api/voyages/{id}/cancel: rejects pending applications and notifies applicants (server side). */
export function useCancelVoyage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVoyage,
    onSuccess: (result) => {
      queryClient.setQueryData(myVoyagesQueryOptions().queryKey, (current: VoyageResponse[] | undefined) =>
        current?.map((voyage) => (voyage.id === result.voyage.id ? result.voyage : voyage)),
      );
      void queryClient.invalidateQueries({ queryKey: ['voyages'] });
    },
  });
}

/** The owner marks a voyage completed (PUT /api/voyages/{id} with the status): crew and skipper are invited to review. */
export function useCompleteVoyage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<VoyageResponse>(apiPaths.updateVoyage.replace('{id}', encodeURIComponent(id)), { method: 'PUT', body: { status: 'completed' }, schema: voyageSchema }),
    onSuccess: (voyage) => {
      queryClient.setQueryData(myVoyagesQueryOptions().queryKey, (current: VoyageResponse[] | undefined) => current?.map((v) => (v.id === voyage.id ? voyage : v)));
      void queryClient.invalidateQueries({ queryKey: ['voyages'] });
      // Its reviews are now to write.
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}
