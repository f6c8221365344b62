import { z } from 'zod';
import { calendarPaths } from './paths';
import { localeSchema } from './profile';
import type { HeaderContract, RouteContract } from './routes';

/**
 * Calendars (docs/features/calendar.md): a voyage's legs as an iCalendar
 * file anyone who may see the voyage can download, and a private feed per
 * member of the voyages they skipper, crew or applied to, which calendar apps
 * subscribe to by its secret address (they cannot sign in).
 */

/** How often calendar apps are asked to fetch a feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
export const CALENDAR_REFRESH_SECONDS = 3600;

export const CALENDAR_FEED_NOT_FOUND = { code: 'CALENDAR_FEED_NOT_FOUND', message: 'Calendar feed not found' } as const;

/** GET /api/voyages/{id}/calendar.ics: the language of the events' texts (the request's Accept-Language when absent). */
export const voyageCalendarQuerySchema = z
  .object({
    lang: localeSchema.optional(),
  })
  .strict()
  .meta({ id: 'VoyageCalendarQuery' });
export type VoyageCalendarQuery = z.infer<typeof voyageCalendarQuerySchema>;

/** A new feed address: shown once, since only a hash of its token is kept. */
export const calendarFeedSchema = z
  .object({
    url: z.string().describe('The private feed address (https), to paste into a calendar app; anyone with it can read the feed'),
    webcal_url: z.string().describe('The same address as webcal://, which opens the device’s calendar app to subscribe'),
    created_at: z.string(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** Whether the member has a feed turned on (its address cannot be shown again: make a new one). */
export const calendarFeedStatusSchema = z
  .object({
    active: z.boolean(),
    created_at: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** What an iCalendar answer says of itself. */
const calendarHeaders = (cache: string): Record<string, HeaderContract> => ({
  'Content-Type': { description: 'text/calendar; charset=utf-8', schema: z.string().regex(/^text\/calendar; charset=utf-8$/), required: true },
  'Cache-Control': { description: cache, required: true },
});

export const calendarRoutes = {
  voyageCalendar: {
    method: 'GET',
    path: calendarPaths.voyageCalendar,
    summary:
      'The voyage’s legs as an iCalendar file (text/calendar, RFC 5545): one all-day event per leg with its ports, dates and the voyage’s link; SEQUENCE and LAST-MODIFIED follow the voyage’s changes. Whoever may see the voyage (GET /api/voyages/{id}) may download it; anyone else gets 404',
    tag: 'calendar',
    auth: 'public',
    query: voyageCalendarQuerySchema,
    errors: [404],
    errorCodes: { 404: ['VOYAGE_NOT_FOUND'] },
    requestHeaders: {
      'Accept-Language': { description: 'The language of the events’ texts when `lang` is absent: en, fr, de, es or it (English when none of them)' },
    },
    responseHeaders: {
      ...calendarHeaders('no-cache for a public voyage (revalidate with its ETag); private, no-store for one only its skipper, applicants and administrators see'),
      'Content-Disposition': { description: 'attachment; filename="<voyage title>.ics"', required: true },
      ETag: { description: 'The voyage’s revision and the language, quoted', required: true },
      'Last-Modified': { description: 'When the voyage last changed', required: true },
    },
  },
  getCalendarFeed: {
    method: 'GET',
    path: calendarPaths.myCalendarFeed,
    summary: 'Whether the signed-in member has a calendar feed turned on, and since when (its address is shown only when it is made)',
    tag: 'calendar',
    auth: 'user',
    response: calendarFeedStatusSchema,
  },
  createCalendarFeed: {
    method: 'POST',
    path: calendarPaths.myCalendarFeed,
    summary:
      'Make the signed-in member’s private calendar feed address (a new random token; only its hash is kept). Calling it again replaces the address: the old one answers 404 from then on',
    tag: 'calendar',
    auth: 'user',
    response: calendarFeedSchema,
    status: 201,
  },
  deleteCalendarFeed: {
    method: 'DELETE',
    path: calendarPaths.myCalendarFeed,
    summary: 'Turn the calendar feed off: its address answers 404 from then on',
    tag: 'calendar',
    auth: 'user',
    response: calendarFeedStatusSchema,
  },
  calendarFeed: {
    method: 'GET',
    path: calendarPaths.calendarFeed,
    summary:
      'A member’s private calendar feed, by its secret address (calendar apps cannot sign in): an all-day event per leg of every voyage they skipper, sail on as accepted crew or have a pending application to, with the voyage’s title, ports, dates, link and their own status; no other person’s data. Asks apps to refresh hourly. An unknown, replaced or revoked address answers 404',
    tag: 'calendar',
    auth: 'public',
    errors: [404],
    errorCodes: { 404: [CALENDAR_FEED_NOT_FOUND.code] },
    responseHeaders: calendarHeaders('private, no-store'),
  },
} as const satisfies Record<string, RouteContract>;
