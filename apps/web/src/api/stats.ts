import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiQueryOptions } from './contract-client';

/** GET /api/stats/public: the figures the home page counts up. */
export const publicStatsQueryOptions = () => queryOptions({ ...apiQueryOptions(apiPaths.publicStats, { check: false }), staleTime: 60_000 });
