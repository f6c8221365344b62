import type { CalendarFeedStatus } from '@crew/contracts';
import { calendarPaths } from '@crew/contracts/paths';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryOptions, callApi, urlOf } from './contract-client';

/** GET /api/voyages/{id}/calendar.ics in the page's language: the voyage's legs as an .ics file. */
export const voyageCalendarUrl = (voyageId: string, lang: string): string => urlOf(calendarPaths.voyageCalendar, { id: voyageId }, { lang });

/** GET /api/users/me/calendar-feed: whether the member's feed is on, and since when. */
export const calendarFeedQueryOptions = () => queryOptions(apiQueryOptions(calendarPaths.myCalendarFeed));

/** POST /api/users/me/calendar-feed: a new feed address (the old one, if any, stops working). */
export const createCalendarFeed = () => callApi('POST', calendarPaths.myCalendarFeed);

/** DELETE /api/users/me/calendar-feed: the feed is turned off. */
export const deleteCalendarFeed = () => callApi('DELETE', calendarPaths.myCalendarFeed);

/** Makes (or replaces) the feed; the cached status follows the answer. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedQueryOptions().queryKey, { active: true, created_at: feed.created_at }),
  });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: (status) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, status),
  });
}
