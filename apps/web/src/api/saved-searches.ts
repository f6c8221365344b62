import { alertPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi, type ApiBody, type ApiResponse } from './contract-client';

/*
 * Saved searches, their alerts and berth watch. The watch state is read on a
 * voyage's page (a first-visit page), so it is not checked in the browser: the
 * page never loads the schema library for it. The rest are signed-in screens.
 */

export type SavedSearch = ApiResponse<'GET', typeof alertPaths.savedSearch>;
export type SavedSearchList = ApiResponse<'GET', typeof alertPaths.savedSearches>;
export type SavedSearchRequest = ApiBody<'POST', typeof alertPaths.savedSearches>;
export type SavedSearchUpdate = ApiBody<'PATCH', typeof alertPaths.savedSearch>;
export type VoyageWatchList = ApiResponse<'GET', typeof alertPaths.watches>;

/** GET /api/saved-searches: the member's saved searches, each with its count of new matching voyages, and how many they may keep. */
export const savedSearchesQueryOptions = () => queryOptions(apiQueryOptions(alertPaths.savedSearches));

/** GET /api/users/me/watches: the full voyages the member watches for a free berth. */
export const voyageWatchesQueryOptions = () => queryOptions(apiQueryOptions(alertPaths.watches));

/** GET /api/voyages/{id}/watch: whether the member watches this voyage. */
export const voyageWatchQueryOptions = (voyageId: string) => queryOptions(apiQueryOptions(alertPaths.watch, { params: { id: voyageId }, check: false }));

/** One saved search changed: the list shows it at once (it keeps its place). */
const storeSavedSearch = (queryClient: QueryClient, saved: SavedSearch): void => {
  queryClient.setQueryData<SavedSearchList>(savedSearchesQueryOptions().queryKey, (list) =>
    list ? { ...list, saved_searches: list.saved_searches.map((search) => (search.id === saved.id ? saved : search)) } : list,
  );
};

/** POST /api/saved-searches: the browse filters (and the map's area) under a name, with an alert choice. */
export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SavedSearchRequest) => callApi('POST', alertPaths.savedSearches, { body: request }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKey(alertPaths.savedSearches) }),
  });
}

/** PATCH /api/saved-searches/{id}: a new name or alert choice. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { readonly id: string; readonly update: SavedSearchUpdate }) => callApi('PATCH', alertPaths.savedSearch, { params: { id }, body: update }),
    onSuccess: (saved) => storeSavedSearch(queryClient, saved),
  });
}

/** DELETE /api/saved-searches/{id}: the search and its alerts go. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('DELETE', alertPaths.savedSearch, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<SavedSearchList>(savedSearchesQueryOptions().queryKey, (list) =>
        list ? { ...list, saved_searches: list.saved_searches.filter((search) => search.id !== id) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: apiKey(alertPaths.savedSearches) });
    },
  });
}

/** POST /api/saved-searches/{id}/open: the member opens the search in browse; its count of new voyages starts again from now. */
export function useOpenSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('POST', alertPaths.openSavedSearch, { params: { id } }),
    onSuccess: (opened) => storeSavedSearch(queryClient, opened),
  });
}

/** POST /api/saved-searches/unsubscribe: an alert mail's signed link turns that search's alert off (no session needed). */
export const useUnsubscribeAlert = () =>
  useMutation({ mutationFn: (link: ApiBody<'POST', typeof alertPaths.unsubscribeAlert>) => callApi('POST', alertPaths.unsubscribeAlert, { body: link }) });

/** POST or DELETE /api/voyages/{id}/watch: start or stop watching a full voyage for a free berth; the answer is the new state. */
export function useWatchVoyage(voyageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watch: boolean) => callApi(watch ? 'POST' : 'DELETE', alertPaths.watch, { params: { id: voyageId } }),
    onSuccess: (state) => {
      queryClient.setQueryData(voyageWatchQueryOptions(voyageId).queryKey, state);
      // A voyage no longer watched leaves the list at once.
      if (!state.watching) {
        queryClient.setQueryData<VoyageWatchList>(voyageWatchesQueryOptions().queryKey, (list) =>
          list ? { watches: list.watches.filter((watch) => watch.voyage_id !== voyageId) } : list,
        );
      }
      void queryClient.invalidateQueries({ queryKey: apiKey(alertPaths.watches) });
    },
  });
}
