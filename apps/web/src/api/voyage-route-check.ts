import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiQueryOptions } from './contract-client';

type Point = readonly [number, number];

/** Coordinates to 5 decimals (about a metre): the same route always makes the same request. */
const pointsParam = (points: readonly Point[]): string => points.map(([lon, lat]) => `${lon.toFixed(5)},${lat.toFixed(5)}`).join(';');

/** GET /api/voyages/route-check: each leg's great-circle distance and whether its straight line crosses land. */
export const routeCheckQueryOptions = (points: readonly Point[]) =>
  queryOptions({
    ...apiQueryOptions(apiPaths.routeCheck, { query: { points: pointsParam(points) } }),
    enabled: points.length >= 2,
    // The coastline does not move.
    staleTime: Infinity,
  });
