import { adminVoyagePaths } from '@crew/contracts/paths';
import type { AdminVoyageListQuery } from '@crew/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi } from './contract-client';

export interface VoyagesFilters {
  readonly search: string;
  readonly status: NonNullable<AdminVoyageListQuery['status']> | '';
  readonly date: NonNullable<AdminVoyageListQuery['date']> | '';
  /** 'true': only the moderation queue (flagged for review, not cleared). */
  readonly flagged: NonNullable<AdminVoyageListQuery['flagged']> | '';
  readonly page: number;
}

/** The filters as the list and the export read them (empty ones left out). */
const filterQuery = (filters: Omit<VoyagesFilters, 'page'>) => ({
  search: filters.search.trim() || undefined,
  status: filters.status || undefined,
  date: filters.date || undefined,
  flagged: filters.flagged || undefined,
});

/** GET /api/admin/voyages?search=&status=&date=&page= (the page on screen stays while the next loads). */
export const adminVoyagesQueryOptions = (filters: VoyagesFilters) =>
  queryOptions({ ...apiQueryOptions(adminVoyagePaths.list, { query: { ...filterQuery(filters), page: filters.page } }), placeholderData: keepPreviousData });

/** GET /api/admin/voyages/export: every voyage matching the filters (not only the page on screen), for the CSV export. */
export const fetchVoyagesForExport = (filters: Omit<VoyagesFilters, 'page'>) => callApi('GET', adminVoyagePaths.exportAll, { query: filterQuery(filters) });

/** GET /api/admin/analytics/voyages: the Voyage Oversight stat cards. */
export const voyageAnalyticsQueryOptions = () => queryOptions(apiQueryOptions(adminVoyagePaths.analytics));

/** GET /api/admin/voyages/{id}/history: a voyage's administrator history, newest first. */
export const voyageHistoryQueryOptions = (voyageId: string) => queryOptions(apiQueryOptions(adminVoyagePaths.history, { params: { id: voyageId } }));

export const moderateVoyage = ({ voyageId, notes }: { voyageId: string; notes: string }) =>
  callApi('POST', adminVoyagePaths.moderate, { params: { id: voyageId }, body: { action: 'review', notes } });
export const clearVoyageFlag = ({ voyageId, notes }: { voyageId: string; notes: string }) =>
  callApi('POST', adminVoyagePaths.clearFlag, { params: { id: voyageId }, body: { notes } });
export const suspendVoyage = ({ voyageId, reason }: { voyageId: string; reason: string }) =>
  callApi('POST', adminVoyagePaths.suspend, { params: { id: voyageId }, body: { reason } });
export const reinstateVoyage = ({ voyageId }: { voyageId: string }) => callApi('POST', adminVoyagePaths.reinstate, { params: { id: voyageId }, body: {} });
export const deleteVoyage = ({ voyageId }: { voyageId: string }) => callApi('DELETE', adminVoyagePaths.remove, { params: { id: voyageId } });

/** After each voyage action the list, the stat cards and the histories refresh. */
function useVoyageMutation<TVariables, TResult>(run: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([adminVoyagePaths.list, adminVoyagePaths.analytics, adminVoyagePaths.history].map((path) => queryClient.invalidateQueries({ queryKey: apiKey(path) })));
    },
  });
}

/** POST /api/admin/voyages/{id}/moderate: flag for review, with notes. */
export const useModerateVoyage = () => useVoyageMutation(moderateVoyage);
/** POST /api/admin/voyages/{id}/clear-flag: reviewed, out of the moderation queue. */
export const useClearVoyageFlag = () => useVoyageMutation(clearVoyageFlag);
/** POST /api/admin/voyages/{id}/suspend {reason} */
export const useSuspendVoyage = () => useVoyageMutation(suspendVoyage);
/** POST /api/admin/voyages/{id}/reinstate */
export const useReinstateVoyage = () => useVoyageMutation(reinstateVoyage);
/** DELETE /api/admin/voyages/{id} */
export const useDeleteVoyage = () => useVoyageMutation(deleteVoyage);
