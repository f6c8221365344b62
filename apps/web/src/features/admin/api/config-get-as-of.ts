import { configAsOfResponseSchema, routes, type ConfigAsOfResponse } from '@crew/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './get-platform-config';

export const configAsOfQueryOptions = (at: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'config-as-of', at] as const,
    queryFn: ({ signal }) =>
      apiRequest<ConfigAsOfResponse>(`${routes.getConfigAsOf.path}?${new URLSearchParams({ at })}`, { schema: configAsOfResponseSchema, signal }),
  });

/** GET /api/admin/config/as-of?at=…: the configuration as it stood then (null: nothing asked yet). */
export const useConfigAsOf = (at: string | null) => useQuery({ ...configAsOfQueryOptions(at ?? ''), enabled: at !== null });
