import { z } from 'zod';
import { activityPaths } from './paths';
import type { RouteContract } from './routes';

/** Items in a page of the activity feed, by default and at most. */
export const ACTIVITY_PAGE = { default: 20, max: 50 } as const;

/**
 * What happened, from the signed-in member's side:
 * - `application_sent` (you applied), `application_received` (someone applied to your voyage),
 * - `application_withdrawn` (you withdrew, or, on your voyage, the applicant did),
 * - `application_accepted`, `application_rejected`, `application_expired` (your application),
 * - `agreement_issued` (the skipper issued you a crew agreement, or a new version of it),
 * - `agreement_accepted` (a crew member accepted your agreement),
 * - `float_plan_filed` (a float plan was filed for a voyage you sail on),
 * - `voyage_cancelled` (a voyage you applied to or crew on),
 * - `review_received` (a review of you became visible),
 * - `messages` (unread messages in a conversation: one item per conversation, with their count).
 */
export const ACTIVITY_KINDS = [
  'application_sent',
  'application_received',
  'application_withdrawn',
  'application_accepted',
  'application_rejected',
  'application_expired',
  'agreement_issued',
  'agreement_accepted',
  'float_plan_filed',
  'voyage_cancelled',
  'review_received',
  'messages',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** `<microseconds since 1970>.<e|r|m>:<id>`: the `next_cursor` of the page before. */
export const ACTIVITY_CURSOR = /^\d{1,17}\.[emr]:[0-9a-f-]{36}$/;

export const activityQuerySchema = z
  .object({
    /** The `next_cursor` of the page before: items older than it. */
    before: z.string().regex(ACTIVITY_CURSOR, 'Not a cursor of this feed').optional(),
    limit: z.coerce.number().int('Use a whole number').min(1).max(ACTIVITY_PAGE.max).default(ACTIVITY_PAGE.default).optional(),
  })
  .strict()
  .meta({ id: 'ActivityQuery' });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityItemSchema = z
  .object({
    /** Stable and unique in the feed (also the tail of a cursor). */
    id: z.string(),
    kind: z.enum(ACTIVITY_KINDS),
    /** When it happened (for `messages`: the latest message; for a review: when it became visible). */
    at: z.string(),
    /** `title` is null when the voyage is no longer listed. */
    voyage: z.object({ id: z.string(), title: z.string().nullable() }),
    /** The other person; null when it was the member themselves. `name` is null for a member who has deleted their account. */
    actor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
    application_id: z.string().nullable(),
    agreement_id: z.string().nullable(),
    conversation_id: z.string().nullable(),
    review_id: z.string().nullable(),
    /** Unread messages (`messages` only). */
    count: z.number().int().nullable(),
    /** Stars (`review_received` only). */
    rating: z.number().int().nullable(),
    /** The web screen it opens: the voyage, its applications, the conversation, the agreement, the voyage's reviews. */
    link: z.string(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z
  .object({
    items: z.array(activityItemSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const crewStatsSchema = z
  .object({
    /** The member's applications by their status now. */
    applications: z.object({
      pending: z.number().int(),
      accepted: z.number().int(),
      rejected: z.number().int(),
      withdrawn: z.number().int(),
      expired: z.number().int(),
    }),
    /** Voyages in the verified sailing log, their nautical miles and days at sea. */
    voyages_sailed: z.number().int(),
    verified_miles: z.number(),
    days_at_sea: z.number().int(),
    /** Visible reviews of the member and their average stars (null without any). */
    reviews: z.object({ count: z.number().int(), average: z.number().nullable() }),
  })
  .meta({ id: 'CrewStats' });
export type CrewStatsResponse = z.infer<typeof crewStatsSchema>;

export const activityRoutes = {
  myActivity: {
    method: 'GET',
    path: activityPaths.myActivity,
    summary:
      "The signed-in member's recent activity, newest first: applications sent, received and decided, agreements, float plans, cancellations, reviews received and unread conversations (paged with `before`)",
    tag: 'activity',
    auth: 'user',
    query: activityQuerySchema,
    response: activityPageSchema,
  },
  myCrewStats: {
    method: 'GET',
    path: activityPaths.myCrewStats,
    summary: "The signed-in member's crew quick stats: applications by status, voyages and miles of the verified sailing log, reviews received and their average",
    tag: 'activity',
    auth: 'user',
    response: crewStatsSchema,
  },
} as const satisfies Record<string, RouteContract>;
