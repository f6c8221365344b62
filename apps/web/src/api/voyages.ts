import { apiPaths } from '@crew/contracts/paths';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../lib/session';
import { apiKey, apiQueryOptions, callApiWithEtag, type ApiPath, type ApiQuery, type ApiResponse } from './contract-client';

/*
 * The voyage screens' reads: the browse list and map, one voyage, and one
 * voyage loaded for editing. These modules are on first-visit pages
 * (/voyages, /voyages/{id}): nothing here imports the schema library; the
 * contract client checks each answer with its schema, loaded while the request
 * is in flight.
 */

type Voyage = ApiResponse<'GET', typeof apiPaths.getVoyage>;
/** A route's query as a page asks it: the contract's names, values as sent in the URL. */
type QueryOf<P extends ApiPath<'GET'>> = Partial<Record<keyof ApiQuery<'GET', P> & string, string | number>>;
export type VoyageListQuery = QueryOf<typeof apiPaths.listVoyages>;
export type VoyageMapQuery = QueryOf<typeof apiPaths.voyageMap>;

/** Answers that depend on who asks carry the viewer after the route's key: signing in or switching account fetches them again. */
const asViewer = (viewerId: string | null) => viewerId ?? 'guest';

/**
 * GET /api/voyages/: the browse list, filtered and paged on the server. Cards
 * show the viewer's own application (a rejected one disables the card), so the
 * viewer is part of the key; the last page stays on screen while the next loads.
 */
export const voyagesQueryOptions = (query: VoyageListQuery, viewerId: string | null) => {
  const options = apiQueryOptions(apiPaths.listVoyages, { query, check: false });
  return queryOptions({ ...options, queryKey: [...options.queryKey, asViewer(viewerId)] as const, placeholderData: keepPreviousData });
};

/** GET /api/voyages/map: the browse map of one view, clustered by the server; the previous view stays drawn until the next arrives. */
export const voyageMapQueryOptions = (query: VoyageMapQuery) =>
  queryOptions({ ...apiQueryOptions(apiPaths.voyageMap, { query, check: false }), placeholderData: keepPreviousData, staleTime: 60_000 });

/** Every cached copy of one voyage, whoever was signed in when it was fetched (the copy being edited included). */
export const voyageDetailKey = (id: string) => apiKey(apiPaths.getVoyage, { id });

/**
 * GET /api/voyages/{id} as `viewerId` sees it (null: a guest). The answer
 * depends on who asks (`is_owner`, `my_application`), so the viewer is part of the key.
 */
export const voyageQueryOptions = (id: string, viewerId: string | null) => {
  const options = apiQueryOptions(apiPaths.getVoyage, { params: { id }, check: false });
  return queryOptions({ ...options, queryKey: [...options.queryKey, asViewer(viewerId)] as const });
};

/** A voyage as loaded for editing, with its ETag (its version), which the save sends back as If-Match. */
export interface VoyageForEdit {
  readonly voyage: Voyage;
  readonly etag: string | null;
}

/** Marks the copy loaded for editing, kept apart so a saved voyage stored into the other copies never replaces the version being edited. */
const FOR_EDIT = 'edit';

export const voyageForEditQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({
    queryKey: [...voyageDetailKey(id), asViewer(viewerId), FOR_EDIT] as const,
    queryFn: async ({ signal }): Promise<VoyageForEdit> => {
      const { data, etag } = await callApiWithEtag('GET', apiPaths.getVoyage, { params: { id }, signal });
      return { voyage: data, etag };
    },
  });

/**
 * Puts a voyage its owner just saved into every cached copy of it (only the
 * owner can change a voyage), and seeds the owner's own copy when `viewerId` is given.
 */
export const storeVoyage = (queryClient: QueryClient, voyage: Voyage, viewerId?: string | null): void => {
  queryClient.setQueriesData<Voyage>({ queryKey: voyageDetailKey(voyage.id), predicate: (query) => !query.queryKey.includes(FOR_EDIT) }, voyage);
  if (viewerId !== undefined) queryClient.setQueryData(voyageQueryOptions(voyage.id, viewerId).queryKey, voyage);
};

/** Every browse list, map and voyage refetches: a voyage or an application to one changed. */
export function refreshVoyageViews(queryClient: QueryClient): void {
  for (const queryKey of [apiKey(apiPaths.listVoyages), apiKey(apiPaths.voyageMap), apiKey(apiPaths.getVoyage)]) void queryClient.invalidateQueries({ queryKey });
}

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

/** The voyage and its version for the edit page; waits for the account like useVoyage. */
export function useVoyageForEdit(id: string) {
  const viewerId = useViewerId();
  return useQuery({ ...voyageForEditQueryOptions(id, viewerId ?? null), enabled: viewerId !== undefined, retry: false });
}
