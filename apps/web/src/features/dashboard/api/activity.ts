import type { ActivityItem, ActivityPage } from '@crew/contracts';
import { activityPaths } from '@crew/contracts/paths';
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { callApi } from '../../../api/contract-client';

/** Items the dashboard's Recent activity shows at first, and adds with each "Show more". */
export const ACTIVITY_DASHBOARD_PAGE = 10;

/** GET /api/users/me/activity: a page of the signed-in member's activity, newest first; `before` asks for older items. */
export const getActivity = (before: string | undefined, signal?: AbortSignal): Promise<ActivityPage> =>
  callApi('GET', activityPaths.myActivity, { query: { limit: ACTIVITY_DASHBOARD_PAGE, before }, signal });

/**
 * The feed, page by page. Under ['activity'], fetched afresh whenever the
 * dashboard shows it: most of what it reports is done by someone else, in
 * their own session.
 */
export const activityQueryOptions = (viewerId: string) =>
  infiniteQueryOptions({
    queryKey: ['activity', 'mine', viewerId] as const,
    queryFn: ({ pageParam, signal }) => getActivity(pageParam, signal),
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
 * log and reviews received. Under the ['applications'] root key, so applying
 * or withdrawing anywhere refreshes it.
 */
export const crewStatsQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: ['applications', 'crew-stats', viewerId] as const,
    queryFn: ({ signal }) => callApi('GET', activityPaths.myCrewStats, { signal }),
  });
