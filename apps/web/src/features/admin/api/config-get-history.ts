import { configHistoryPageSchema, routes, type ConfigHistoryKey, type ConfigHistoryPage } from '@crew/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './get-platform-config';

export interface ConfigHistoryParams {
  readonly key: ConfigHistoryKey | null;
  readonly limit: number;
  readonly offset: number;
}

export const configHistoryQueryOptions = (params: ConfigHistoryParams) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'config-history', params] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
      if (params.key) query.set('key', params.key);
      return apiRequest<ConfigHistoryPage>(`${routes.getConfigHistory.path}?${query}`, { schema: configHistoryPageSchema, signal });
    },
  });

/** GET /api/admin/config/history?key=&limit=&offset= (newest first). */
export const useConfigHistory = (params: ConfigHistoryParams) => useQuery({ ...configHistoryQueryOptions(params), placeholderData: keepPreviousData });
