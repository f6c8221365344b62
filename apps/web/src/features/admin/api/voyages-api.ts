import {
  adminHistoryResponseSchema,
  adminVoyageActionResponseSchema,
  adminVoyageExportResponseSchema,
  adminVoyageListResponseSchema,
  adminVoyagePaths,
  voyageAnalyticsSchema,
  type AdminHistoryResponse,
  type AdminVoyageActionResponse,
  type AdminVoyageExportResponse,
  type AdminVoyageListQuery,
  type AdminVoyageListResponse,
  type VoyageAnalytics,
} from '@crew/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const withId = (path: string, id: string): string => path.replace('{id}', encodeURIComponent(id));

export interface VoyagesFilters {
  readonly search: string;
  readonly status: NonNullable<AdminVoyageListQuery['status']> | '';
  readonly date: NonNullable<AdminVoyageListQuery['date']> | '';
  readonly page: number;
}

const filterParams = (filters: Omit<VoyagesFilters, 'page'>): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.date) params.set('date', filters.date);
  return params;
};

export const voyagesQueryOptions = (filters: VoyagesFilters) =>
  queryOptions({
    queryKey: ['admin', 'voyages', filters] as const,
    queryFn: ({ signal }) => {
      const params = filterParams(filters);
      params.set('page', String(filters.page));
      return apiRequest<AdminVoyageListResponse>(`${adminVoyagePaths.list}?${params.toString()}`, { schema: adminVoyageListResponseSchema, signal });
    },
    placeholderData: keepPreviousData,
  });

export const useAdminVoyages = (filters: VoyagesFilters) => useQuery(voyagesQueryOptions(filters));

/** Every voyage matching the filters (not only the page on screen), for the CSV export. */
export const fetchVoyagesForExport = (filters: Omit<VoyagesFilters, 'page'>): Promise<AdminVoyageExportResponse> =>
  apiRequest<AdminVoyageExportResponse>(`${adminVoyagePaths.exportAll}?${filterParams(filters).toString()}`, { schema: adminVoyageExportResponseSchema });

export const voyageAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'voyages', 'analytics'] as const,
    queryFn: ({ signal }) => apiRequest<VoyageAnalytics>(adminVoyagePaths.analytics, { schema: voyageAnalyticsSchema, signal }),
  });

export const useVoyageAnalytics = () => useQuery(voyageAnalyticsQueryOptions());

export const useVoyageHistory = (voyageId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['admin', 'voyages', 'history', voyageId] as const,
      queryFn: ({ signal }) => apiRequest<AdminHistoryResponse>(withId(adminVoyagePaths.history, voyageId), { schema: adminHistoryResponseSchema, signal }),
    }),
  );

export type VoyageAction = { kind: 'moderate'; notes: string } | { kind: 'suspend'; reason: string } | { kind: 'reinstate' } | { kind: 'delete' };

/** Moderate, suspend, reinstate or delete; the list, stat cards and history refresh after each. */
export const useVoyageAction = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ voyageId, action }: { voyageId: string; action: VoyageAction }): Promise<AdminVoyageActionResponse> => {
      const options = { schema: adminVoyageActionResponseSchema };
      switch (action.kind) {
        case 'moderate':
          return apiRequest(withId(adminVoyagePaths.moderate, voyageId), { ...options, method: 'POST', body: { action: 'review', notes: action.notes } });
        case 'suspend':
          return apiRequest(withId(adminVoyagePaths.suspend, voyageId), { ...options, method: 'POST', body: { reason: action.reason } });
        case 'reinstate':
          return apiRequest(withId(adminVoyagePaths.reinstate, voyageId), { ...options, method: 'POST', body: {} });
        case 'delete':
          return apiRequest(withId(adminVoyagePaths.remove, voyageId), { ...options, method: 'DELETE' });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'voyages'] }),
  });
};
