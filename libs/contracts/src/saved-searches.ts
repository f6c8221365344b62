import { z } from 'zod';
import { alertPaths } from './paths';
import type { RouteContract } from './routes';
import { safeText } from './text';
import { voyageListQuerySchema } from './voyages';

/** How often a saved search mails new matching voyages: at once, in a daily or weekly digest, or never. */
export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'weekly', 'off'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];

/** Saved searches a member may keep. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** New matching voyages a digest lists; the rest are "and N more". */
export const DIGEST_VOYAGES_MAX = 20;

export const SAVED_SEARCH_NOT_FOUND = { code: 'SAVED_SEARCH_NOT_FOUND', message: 'Saved search not found' } as const;
export const SAVED_SEARCH_LIMIT = { code: 'SAVED_SEARCH_LIMIT', message: 'You can keep at most 20 saved searches. Delete one to save another.' } as const;
export const INVALID_ALERT_LINK = {
  code: 'INVALID_ALERT_LINK',
  message: 'This unsubscribe link is not valid. Sign in and turn the alert off on your saved searches instead.',
} as const;
export const WATCH_NOT_FULL = { code: 'VOYAGE_NOT_FULL', message: 'This voyage has a free berth: apply instead of watching it.' } as const;

/**
 * The browse filters of GET /api/voyages/, with the same names and
 * validation; the map's view is `bbox`, beside them. Unknown keys are refused.
 */
export const savedSearchFiltersSchema = voyageListQuerySchema
  .pick({ search: true, departure_from: true, departure_to: true, duration: true, contribution: true, status: true, skipper_id: true })
  .strict()
  .meta({ id: 'SavedSearchFilters' });
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);
/** [west, south, east, north] in degrees; west greater than east crosses the 180° meridian. */
export const savedSearchBboxSchema = z
  .tuple([longitude, latitude, longitude, latitude])
  .refine(([, south, , north]) => south < north, 'bbox south must be below north')
  .refine(([west, , east]) => west !== east, 'bbox west and east must differ')
  .meta({ id: 'SavedSearchBbox' });
export type SavedSearchBbox = z.infer<typeof savedSearchBboxSchema>;

/** An IANA time zone ("Europe/Paris"): daily and weekly digests go out in the morning there. */
const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

const name = safeText().trim().min(1, 'Name is required').max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`);
const alert = z.enum(SAVED_SEARCH_ALERTS);

export const savedSearchRequestSchema = z
  .object({ name, filters: savedSearchFiltersSchema.default({}), bbox: savedSearchBboxSchema.nullable().optional(), alert, time_zone: timeZone.optional() })
  .strict()
  .meta({ id: 'SavedSearchRequest' });
export type SavedSearchRequest = z.input<typeof savedSearchRequestSchema>;

export const savedSearchUpdateSchema = z
  .object({
    name: name.optional(),
    filters: savedSearchFiltersSchema.optional(),
    bbox: savedSearchBboxSchema.nullable().optional(),
    alert: alert.optional(),
    time_zone: timeZone.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change')
  .meta({ id: 'SavedSearchUpdate' });
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    filters: savedSearchFiltersSchema,
    bbox: savedSearchBboxSchema.nullable(),
    alert,
    /** Where the digests' morning is (UTC when the browser did not say). */
    time_zone: z.string(),
    /** Matching voyages published since the member last opened this search (or since it was saved). */
    new_matches: z.number().int(),
    last_opened_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ saved_searches: z.array(savedSearchSchema), limit: z.number().int() }).meta({ id: 'SavedSearchList' });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;

/** A full voyage the member asked to hear about when a berth opens. */
export const voyageWatchSchema = z
  .object({
    voyage_id: z.uuid(),
    title: z.string(),
    departure_port: z.string().nullable(),
    estimated_start_date: z.string().nullable(),
    status: z.string(),
    total_crew_needed: z.number().int(),
    current_crew_count: z.number().int(),
    watching_since: z.string(),
  })
  .meta({ id: 'VoyageWatch' });
export type VoyageWatch = z.infer<typeof voyageWatchSchema>;

export const voyageWatchListSchema = z.object({ watches: z.array(voyageWatchSchema) }).meta({ id: 'VoyageWatchList' });
export type VoyageWatchList = z.infer<typeof voyageWatchListSchema>;

export const watchStateSchema = z.object({ watching: z.boolean() }).meta({ id: 'WatchState' });
export type WatchState = z.infer<typeof watchStateSchema>;

/** The signed pair of an alert mail's unsubscribe link (no session needed). */
export const alertUnsubscribeRequestSchema = z
  .object({ search: z.uuid(INVALID_ALERT_LINK.message), token: safeText().min(1, INVALID_ALERT_LINK.message).max(200) })
  .strict()
  .meta({ id: 'AlertUnsubscribeRequest' });
export type AlertUnsubscribeRequest = z.input<typeof alertUnsubscribeRequestSchema>;

const alertMessageSchema = z.object({ message: z.string() });

export const savedSearchRoutes = {
  listSavedSearches: {
    method: 'GET',
    path: alertPaths.savedSearches,
    summary: "The signed-in member's saved searches, each with the count of matching voyages published since they last opened it",
    tag: 'alerts',
    auth: 'user',
    response: savedSearchListSchema,
  },
  createSavedSearch: {
    method: 'POST',
    path: alertPaths.savedSearches,
    summary: 'Save the browse filters (and the map view) with a name and an alert choice; at most 20 per member',
    tag: 'alerts',
    auth: 'user',
    body: savedSearchRequestSchema,
    response: savedSearchSchema,
    status: 201,
    errors: [409],
    errorCodes: { 409: ['SAVED_SEARCH_LIMIT'] },
    readsOwnWrite: true,
  },
  getSavedSearch: {
    method: 'GET',
    path: alertPaths.savedSearch,
    summary: 'One of the member’s saved searches (404 for anyone else’s)',
    tag: 'alerts',
    auth: 'user',
    response: savedSearchSchema,
    errors: [404],
    errorCodes: { 404: ['SAVED_SEARCH_NOT_FOUND'] },
  },
  updateSavedSearch: {
    method: 'PATCH',
    path: alertPaths.savedSearch,
    summary: 'Rename a saved search, change its filters, map view or alert',
    tag: 'alerts',
    auth: 'user',
    body: savedSearchUpdateSchema,
    response: savedSearchSchema,
    errors: [404],
    errorCodes: { 404: ['SAVED_SEARCH_NOT_FOUND'] },
    readsOwnWrite: true,
  },
  deleteSavedSearch: {
    method: 'DELETE',
    path: alertPaths.savedSearch,
    summary: 'Delete a saved search (its alerts stop)',
    tag: 'alerts',
    auth: 'user',
    response: alertMessageSchema.meta({ id: 'SavedSearchDeleted' }),
    errors: [404],
    errorCodes: { 404: ['SAVED_SEARCH_NOT_FOUND'] },
    readsOwnWrite: true,
  },
  openSavedSearch: {
    method: 'POST',
    path: alertPaths.openSavedSearch,
    summary: 'The member opens a saved search in browse: its count of new matching voyages starts again from now',
    tag: 'alerts',
    auth: 'user',
    response: savedSearchSchema,
    errors: [404],
    errorCodes: { 404: ['SAVED_SEARCH_NOT_FOUND'] },
    readsOwnWrite: true,
  },
  unsubscribeAlert: {
    method: 'POST',
    path: alertPaths.unsubscribeAlert,
    summary: "Turn one saved search's alert off with the signed link of its alert mail (no session)",
    tag: 'alerts',
    auth: 'public',
    body: alertUnsubscribeRequestSchema,
    response: alertMessageSchema.meta({ id: 'AlertUnsubscribed' }),
    errors: [403],
    errorCodes: { 403: ['INVALID_ALERT_LINK'] },
  },
  unsubscribeAlertOneClick: {
    method: 'POST',
    path: alertPaths.unsubscribeAlertOneClick,
    summary: 'RFC 8058 one-click unsubscribe of one saved search’s alert, posted by mail clients (List-Unsubscribe=One-Click; the signed pair is in the query)',
    tag: 'alerts',
    auth: 'public',
    query: alertUnsubscribeRequestSchema.meta({ id: 'AlertUnsubscribeOneClickQuery' }),
    response: alertMessageSchema.meta({ id: 'AlertUnsubscribedOneClick' }),
    errors: [403],
    errorCodes: { 403: ['INVALID_ALERT_LINK'] },
  },
  listWatches: {
    method: 'GET',
    path: alertPaths.watches,
    summary: 'The full voyages the signed-in member watches for a free berth',
    tag: 'alerts',
    auth: 'user',
    response: voyageWatchListSchema,
  },
  getWatch: {
    method: 'GET',
    path: alertPaths.watch,
    summary: 'Whether the signed-in member watches this voyage',
    tag: 'alerts',
    auth: 'user',
    response: watchStateSchema,
    errors: [404],
  },
  watchVoyage: {
    method: 'POST',
    path: alertPaths.watch,
    summary: '"Tell me when a berth opens" on a full voyage: one mail when an accepted crew member withdraws or the skipper needs more crew',
    tag: 'alerts',
    auth: 'user',
    response: watchStateSchema,
    errors: [404, 409],
    errorCodes: { 409: ['VOYAGE_NOT_FULL'] },
    readsOwnWrite: true,
  },
  unwatchVoyage: {
    method: 'DELETE',
    path: alertPaths.watch,
    summary: 'Stop watching a voyage',
    tag: 'alerts',
    auth: 'user',
    response: watchStateSchema,
    errors: [404],
    readsOwnWrite: true,
  },
} as const satisfies Record<string, RouteContract>;
