import { analyticsPaths, detailedAnalyticsSchema, type AnalyticsPeriod, type DetailedAnalytics } from '@crew/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './get-platform-config';

export const detailedAnalyticsQueryOptions = (days: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'analytics', days] as const,
    queryFn: ({ signal }) => apiRequest<DetailedAnalytics>(`${analyticsPaths.detailed}?days=${days}`, { schema: detailedAnalyticsSchema, signal }),
  });

/** GET /api/admin/analytics/detailed?days= (the previous period's figures stay on screen while the next loads). */
export const useDetailedAnalytics = (days: AnalyticsPeriod) => useQuery({ ...detailedAnalyticsQueryOptions(days), placeholderData: keepPreviousData });
