import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiQueryOptions } from './contract-client';

/** GET /api/admin/analytics/overview: the Platform Overview figures. */
export const adminOverviewQueryOptions = () => queryOptions(apiQueryOptions(apiPaths.adminOverview));
