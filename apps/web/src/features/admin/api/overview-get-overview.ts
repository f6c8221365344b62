import { adminOverviewResponseSchema, routes, type AdminOverviewResponse } from '@crew/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './get-platform-config';

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'overview'] as const,
    queryFn: ({ signal }) => apiRequest<AdminOverviewResponse>(routes.adminOverview.path, { schema: adminOverviewResponseSchema, signal }),
  });

/** GET /api/admin/analytics/overview */
export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());
