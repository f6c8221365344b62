import type { VoyageResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, apiRequestWithEtag, lazySchema } from '../lib/api-client';
import { useSession } from '../lib/session';

/** Every cached copy of one voyage, whoever was signed in when it was fetched. */
export const voyageDetailKey = (id: string) => ['voyages', 'detail', id] as const;

/**
 * GET /api/voyages/{id} as `viewerId` sees it (null: a guest). The answer
 * depends on who asks (`is_owner`, `my_application`), so the viewer is part of
 * the key: signing in or switching account fetches the voyage again.
 * Like the list and the map, this public read is not checked against its schema
 * in the browser (the API's tests check every answer against the contract):
 * the check made a phone fetch and run the whole schema library before the
 * voyage could show. Loading it to edit still checks.
 */
export const voyageQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({
    queryKey: [...voyageDetailKey(id), viewerId ?? 'guest'] as const,
    queryFn: ({ signal }) => apiRequest<VoyageResponse>(apiPaths.getVoyage.replace('{id}', encodeURIComponent(id)), { signal }),
  });

/**
 * Puts a voyage its owner just saved into every cached copy of it (only the
 * owner can change a voyage), and seeds the owner's own copy when `viewerId` is given.
 */
export const storeVoyage = (queryClient: QueryClient, voyage: VoyageResponse, viewerId?: string | null): void => {
  queryClient.setQueriesData<VoyageResponse>({ queryKey: voyageDetailKey(voyage.id) }, voyage);
  if (viewerId !== undefined) queryClient.setQueryData(voyageQueryOptions(voyage.id, viewerId).queryKey, voyage);
};

/** The signed-in user's id once known, null for a guest; undefined while the account is still loading. */
export function useViewerId(): string | null | undefined {
  const { token, user, isLoading } = useSession();
  if (!token) return null;
  if (isLoading) return undefined;
  // A failed account lookup (not a 401, which signs out) leaves the viewer unknown: ask as the token's holder.
  return user?.id ?? null;
}

/** The voyage for the signed-in viewer; waits for the account so the key names the right viewer. */
export function useVoyage(id: string, options: { readonly retry?: boolean } = {}) {
  const viewerId = useViewerId();
  return useQuery({ ...voyageQueryOptions(id, viewerId ?? null), enabled: viewerId !== undefined, ...options });
}

/** A voyage as loaded for editing, with its ETag (its version), which the save sends back as If-Match. */
export interface VoyageForEdit {
  readonly voyage: VoyageResponse;
  readonly etag: string | null;
}

/** Own key (not under 'detail'): a saved voyage stored into the detail copies must not replace the version being edited. */
export const voyageForEditQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({
    queryKey: ['voyages', 'edit', id, viewerId ?? 'guest'] as const,
    queryFn: async ({ signal }): Promise<VoyageForEdit> => {
      const { data, etag } = await apiRequestWithEtag<VoyageResponse>(apiPaths.getVoyage.replace('{id}', encodeURIComponent(id)), { schema: lazySchema((contracts) => contracts.voyageSchema), signal });
      return { voyage: data, etag };
    },
  });

/** The voyage and its version for the edit page; waits for the account like useVoyage. */
export function useVoyageForEdit(id: string) {
  const viewerId = useViewerId();
  return useQuery({ ...voyageForEditQueryOptions(id, viewerId ?? null), enabled: viewerId !== undefined, retry: false });
}
