import { analyticsPaths } from '@crew/contracts/paths';
import type { AnalyticsPeriod } from '@crew/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiQueryOptions } from './contract-client';

/** GET /api/admin/analytics/detailed?days= (the previous period's figures stay on screen while the next loads). */
export const detailedAnalyticsQueryOptions = (days: AnalyticsPeriod) =>
  queryOptions({ ...apiQueryOptions(analyticsPaths.detailed, { query: { days } }), placeholderData: keepPreviousData });
