import type { RouteCheckResponse } from '@crew/contracts';
import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type Point = readonly [number, number];

/** Coordinates to 5 decimals (about a metre): the same route always makes the same request. */
const pointsParam = (points: readonly Point[]): string => points.map(([lon, lat]) => `${lon.toFixed(5)},${lat.toFixed(5)}`).join(';');

/** GET /api/voyages/route-check: each leg's great-circle distance and whether its straight line crosses land. */
export const routeCheckQueryOptions = (points: readonly Point[]) => {
  const param = pointsParam(points);
  return queryOptions({
    queryKey: ['voyages', 'route-check', param] as const,
    queryFn: ({ signal }) => apiRequest<RouteCheckResponse>(`${apiPaths.routeCheck}?points=${encodeURIComponent(param)}`, { signal }),
    enabled: points.length >= 2,
    // The coastline does not move.
    staleTime: Infinity,
  });
};
