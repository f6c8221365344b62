import { reviewPaths } from '@crew/contracts/constants';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiBody, type ApiResponse } from './contract-client';
import { refreshVoyageViews } from './voyages';

type MyVoyages = ApiResponse<'GET', typeof apiPaths.myVoyages>;
type Voyage = ApiResponse<'PUT', typeof apiPaths.updateVoyage>;

/** GET /api/voyages/my-voyages-with-applications: the signed-in skipper's voyages, drafts included, with application counts. */
export const myVoyagesQueryOptions = () =>
  queryOptions({
    ...apiQueryOptions(apiPaths.myVoyages),
    select: (answer: MyVoyages) => answer.voyages,
  });

/** POST /api/voyages/{id}/cancel: rejects pending applications and notifies applicants (server side). */
export const cancelVoyage = (id: string) => callApi('POST', apiPaths.cancelVoyage, { params: { id } });

/** PUT /api/voyages/{id}: status change, contribution change or full edit (owner only). */
export const updateVoyage = (id: string, body: ApiBody<'PUT', typeof apiPaths.updateVoyage>) => callApi('PUT', apiPaths.updateVoyage, { params: { id }, body });

/** Every view of voyages and their applications refetches: after a voyage is created, edited, published or cancelled anywhere. */
export function refreshAfterVoyageChange(queryClient: QueryClient): void {
  for (const queryKey of [apiKey(apiPaths.myVoyages), apiKey(apiPaths.voyageApplications)]) void queryClient.invalidateQueries({ queryKey });
  refreshVoyageViews(queryClient);
}

/** The skipper's list shows the changed voyage at once; every view of voyages and their applications refetches. */
function showChangedVoyage(queryClient: QueryClient, voyage: Voyage): void {
  queryClient.setQueryData(
    myVoyagesQueryOptions().queryKey,
    (current: MyVoyages | undefined) => current && { ...current, voyages: current.voyages.map((item) => (item.id === voyage.id ? voyage : item)) },
  );
  refreshAfterVoyageChange(queryClient);
}

export function useCancelVoyage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelVoyage,
    onSuccess: (result) => showChangedVoyage(queryClient, result.voyage),
  });
}

/** The owner marks a voyage completed: crew and skipper are invited to review, so the reviews to write refetch too. */
export function useCompleteVoyage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => updateVoyage(id, { status: 'completed' }),
    onSuccess: (voyage) => {
      showChangedVoyage(queryClient, voyage);
      for (const path of [reviewPaths.toWrite, reviewPaths.mine, reviewPaths.userReviews, reviewPaths.userVoyages]) void queryClient.invalidateQueries({ queryKey: apiKey(path) });
    },
  });
}
