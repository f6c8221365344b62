import { apiPaths } from '@crew/contracts/paths';
import { queryOptions } from '@tanstack/react-query';
import { apiQueryOptions } from './contract-client';

/** How many voyages the home page shows. */
export const FEATURED_COUNT = 3;

/** Today as YYYY-MM-DD in the visitor's own time zone. */
const today = (now: Date): string => new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** The next voyages to sail (GET /api/voyages/ from today, soonest first): one small request, cached as that query of the list. */
export const featuredVoyagesQueryOptions = (now: Date = new Date()) =>
  queryOptions({ ...apiQueryOptions(apiPaths.listVoyages, { query: { departure_from: today(now), limit: FEATURED_COUNT }, check: false }), staleTime: 60_000 });
