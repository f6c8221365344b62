import type { ActivityItem, ActivityPage } from '@crew/contracts';
import { activityPaths } from '@crew/contracts/paths';
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { apiKey, apiQueryOptions, callApi } from './contract-client';

/** Items the dashboard's Recent activity shows at first, and adds with each "Show more". */
export const ACTIVITY_DASHBOARD_PAGE = 10;

/**
 * GET /api/users/me/activity, page by page (`before` asks for older items),
 * newest first. Fetched afresh whenever it is shown: most of what it reports
 * is done by someone else, in their own session.
 */
export const activityQueryOptions = (limit: number = ACTIVITY_DASHBOARD_PAGE) =>
  infiniteQueryOptions({
    queryKey: apiKey(activityPaths.myActivity, null, { limit }),
    queryFn: ({ pageParam, signal }) => callApi('GET', activityPaths.myActivity, { query: { limit, before: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });

/** The pages loaded so far as one list, each item once (an unread conversation that moved up between two loads is kept where it is newest). */
export const flattenActivity = (data: InfiniteData<ActivityPage, string | undefined>): ActivityItem[] => {
  const seen = new Set<string>();
  const items: ActivityItem[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
};

/**
 * GET /api/users/me/crew-stats: applications by status, the verified sailing
 * log and reviews received. Refreshed by any application change
 * (refreshAfterApplicationChange in ./applications).
 */
export const crewStatsQueryOptions = () => queryOptions(apiQueryOptions(activityPaths.myCrewStats));
