import { apiPaths } from '@crew/contracts/paths';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi, callApiWithEtag, type ApiBody, type ApiResponse } from './contract-client';
import { cancelVoyage, refreshAfterVoyageChange, updateVoyage } from './my-voyages';
import { storeVoyage } from './voyages';

type Voyage = ApiResponse<'GET', typeof apiPaths.getVoyage>;
export type VoyageRequestBody = ApiBody<'POST', typeof apiPaths.createVoyage>;
export type VoyageUpdateBody = ApiBody<'PUT', typeof apiPaths.updateVoyage>;

export { cancelVoyage, updateVoyage };

/** POST /api/voyages/: publish a voyage, or save it as a server-side draft (draft: true). */
export const createVoyage = (body: VoyageRequestBody) => callApi('POST', apiPaths.createVoyage, { body });

/** The full edit from the edit page: sends the version it loaded (If-Match) and returns the saved voyage's new version. */
export const updateVoyageFrom = (id: string, body: VoyageUpdateBody, ifMatch: string | null) =>
  callApiWithEtag('PUT', apiPaths.updateVoyage, { params: { id }, body, ...(ifMatch ? { headers: { 'if-match': ifMatch } } : {}) });

/**
 * A voyage was created, edited, published or cancelled: every copy of it
 * shows the saved version at once (and the owner's own, when `viewerId` is
 * given), then every view of voyages and their applications refetches.
 */
export function showSavedVoyage(queryClient: QueryClient, voyage: Voyage, viewerId?: string | null): void {
  storeVoyage(queryClient, voyage, viewerId);
  refreshAfterVoyageChange(queryClient);
}

/** Status change, contribution change or full edit from the voyage page (PUT /api/voyages/{id}). */
export function useUpdateVoyage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoyageUpdateBody) => updateVoyage(id, body),
    onSuccess: (voyage) => showSavedVoyage(queryClient, voyage),
  });
}

/** Cancel for good from the voyage page (owner only): the server rejects pending applications and notifies applicants. */
export function useCancelVoyageById(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelVoyage(id),
    onSuccess: (result) => showSavedVoyage(queryClient, result.voyage),
  });
}
