import { z } from 'zod';
import type { RouteContract } from './routes';
import { REVIEW_MESSAGES, sharedText } from '@crew/rules';
import { safeText } from './text';

import { REVIEW_RATING, REVIEW_TEXT, REVIEW_REPORT_REASON, REVIEW_HIDE_REASON, reviewPaths } from './review-constants';

const rating = z
  .number({ message: REVIEW_MESSAGES.ratingInvalid })
  .int(REVIEW_MESSAGES.ratingInvalid)
  .min(REVIEW_RATING.min, REVIEW_MESSAGES.ratingInvalid)
  .max(REVIEW_RATING.max, REVIEW_MESSAGES.ratingInvalid);
const reviewText = safeText().trim().min(REVIEW_TEXT.min, REVIEW_MESSAGES.textTooShort).max(REVIEW_TEXT.max, REVIEW_MESSAGES.textTooLong);

/** POST /api/voyages/{id}/reviews */
export const createReviewRequestSchema = z
  .object({ reviewee_id: z.uuid('reviewee_id must be a user id'), rating, text: reviewText })
  .strict()
  .meta({ id: 'CreateReviewRequest' });
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

/** PUT /api/reviews/{id}: the author, while the review is not shown yet. */
export const updateReviewRequestSchema = z.object({ rating, text: reviewText }).strict().meta({ id: 'UpdateReviewRequest' });
export type UpdateReviewRequest = z.input<typeof updateReviewRequestSchema>;

export const reportReviewRequestSchema = z
  .object({
    reason: safeText()
      .trim()
      .min(REVIEW_REPORT_REASON.min, sharedText('Please say in at least {min} characters what is wrong', { min: REVIEW_REPORT_REASON.min }))
      .max(REVIEW_REPORT_REASON.max, sharedText('Please keep the reason under {max} characters', { max: REVIEW_REPORT_REASON.max })),
  })
  .strict()
  .meta({ id: 'ReportReviewRequest' });
export type ReportReviewRequest = z.input<typeof reportReviewRequestSchema>;

export const hideReviewRequestSchema = z
  .object({
    reason: safeText()
      .trim()
      .min(REVIEW_HIDE_REASON.min, sharedText('Please give a reason of at least {min} characters', { min: REVIEW_HIDE_REASON.min }))
      .max(REVIEW_HIDE_REASON.max, sharedText('Please keep the reason under {max} characters', { max: REVIEW_HIDE_REASON.max })),
  })
  .strict()
  .meta({ id: 'HideReviewRequest' });
export type HideReviewRequest = z.input<typeof hideReviewRequestSchema>;

const personSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), profile_photo_url: z.string().nullable() });

export const reviewSchema = z
  .object({
    id: z.string(),
    voyage: z.object({ id: z.string(), title: z.string().nullable() }),
    reviewer: personSchema,
    reviewee_id: z.string(),
    /** The reviewer's place on the voyage. */
    reviewer_role: z.enum(['skipper', 'crew']),
    rating: z.number().int().min(REVIEW_RATING.min).max(REVIEW_RATING.max),
    text: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Shown on profiles now (both sides reviewed, or 14 days passed). */
    visible: z.boolean(),
    /** When it shows at the latest, if the other side does not review first. */
    visible_from: z.string(),
    /** The author may still change it (not shown yet). Only meaningful to the author. */
    editable: z.boolean(),
  })
  .meta({ id: 'Review' });
export type ReviewResponse = z.infer<typeof reviewSchema>;

export const ratingSummarySchema = z
  .object({
    /** Average stars of the visible reviews, one decimal; null with none. */
    average: z.number().nullable(),
    count: z.number().int(),
  })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewListQuerySchema = z
  .object({ page: z.coerce.number().int('page must be a whole number').min(1).max(100_000).default(1) })
  .strict()
  .meta({ id: 'ReviewListQuery' });

/** GET /api/users/{id}/reviews: visible reviews about the member, newest first. */
export const userReviewsResponseSchema = z
  .object({
    reviews: z.array(reviewSchema),
    rating: ratingSummarySchema,
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'UserReviews' });
export type UserReviewsResponse = z.infer<typeof userReviewsResponseSchema>;

const memberVoyageSchema = z.object({
  id: z.string(),
  title: z.string(),
  departure_port: z.string().nullable(),
  arrival_port: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

/** GET /api/users/{id}/voyages: completed voyages the member skippered and crewed. */
export const userVoyagesResponseSchema = z
  .object({ skippered: z.array(memberVoyageSchema), crewed: z.array(memberVoyageSchema), skippered_count: z.number().int(), crewed_count: z.number().int() })
  .meta({ id: 'UserVoyages' });
export type UserVoyagesResponse = z.infer<typeof userVoyagesResponseSchema>;

/** One person the signed-in user sailed with on a voyage, and where their reviews of each other stand. */
export const reviewCounterpartSchema = z.object({
  user: personSchema,
  /** The counterpart's place on the voyage. */
  role: z.enum(['skipper', 'crew']),
  /** The signed-in user's review of them, if written. */
  my_review: reviewSchema.nullable(),
  /** They have reviewed the signed-in user (its content shows only once visible). */
  they_reviewed: z.boolean(),
  /** A review may still be written (none yet, window open). */
  can_review: z.boolean(),
});
export type ReviewCounterpart = z.infer<typeof reviewCounterpartSchema>;

/**
 * GET /api/voyages/{id}/reviews/mine: what the signed-in user may review on
 * this voyage. `open` says whether reviews can be written now; `reason` says
 * why not (not_completed, not_on_voyage, window_closed).
 */
export const myVoyageReviewsResponseSchema = z
  .object({
    voyage_id: z.string(),
    open: z.boolean(),
    reason: z.enum(['not_completed', 'not_on_voyage', 'window_closed']).nullable(),
    completed_at: z.string().nullable(),
    counterparts: z.array(reviewCounterpartSchema),
  })
  .meta({ id: 'MyVoyageReviews' });
export type MyVoyageReviewsResponse = z.infer<typeof myVoyageReviewsResponseSchema>;

/** The most voyages "Reviews to write" lists (those closing soonest first). */
export const REVIEWS_TO_WRITE_LIMIT = 20;

/** A completed voyage on which the signed-in user may still review someone. */
export const reviewToWriteSchema = z
  .object({
    voyage: z.object({ id: z.string(), title: z.string(), departure_port: z.string().nullable(), arrival_port: z.string().nullable(), end_date: z.string().nullable() }),
    /** Whom they may still review there (the skipper, for crew; crew members, for the skipper), by name. */
    people: z.array(personSchema),
    /** When the first of those reviews closes (14 days after completion). */
    closes_at: z.string(),
  })
  .meta({ id: 'ReviewToWrite' });
export type ReviewToWrite = z.infer<typeof reviewToWriteSchema>;

/** GET /api/reviews/to-write: the signed-in user's completed voyages with reviews still to write, closing soonest first. */
export const reviewsToWriteResponseSchema = z.object({ voyages: z.array(reviewToWriteSchema) }).meta({ id: 'ReviewsToWrite' });
export type ReviewsToWriteResponse = z.infer<typeof reviewsToWriteResponseSchema>;

export const reviewActionResponseSchema = z.object({ message: z.string(), review: reviewSchema }).meta({ id: 'ReviewAction' });
export type ReviewActionResponse = z.infer<typeof reviewActionResponseSchema>;

export const reviewReportResponseSchema = z.object({ message: z.string(), report_id: z.string() }).meta({ id: 'ReviewReported' });
export type ReviewReportResponse = z.infer<typeof reviewReportResponseSchema>;

export const hiddenReviewResponseSchema = z
  .object({ message: z.string(), review_id: z.string(), hidden_at: z.string(), hidden_by: z.string(), reason: z.string() })
  .meta({ id: 'ReviewHidden' });
export type HiddenReviewResponse = z.infer<typeof hiddenReviewResponseSchema>;

export const reviewRoutes = {
  createReview: {
    method: 'POST',
    path: reviewPaths.create,
    summary: 'Review the skipper or a crew member of a completed voyage (once per reviewer, reviewee and voyage)',
    tag: 'reviews',
    auth: 'user',
    body: createReviewRequestSchema,
    response: reviewActionResponseSchema,
    status: 201,
    errors: [403, 409, 422],
    errorCodes: {
      403: ['NOT_VOYAGE_CREW'],
      409: ['VOYAGE_NOT_COMPLETED', 'ALREADY_REVIEWED', 'REVIEW_WINDOW_CLOSED'],
      422: ['CANNOT_REVIEW_SELF', 'REVIEWEE_NOT_ON_VOYAGE', 'CREW_REVIEWS_SKIPPER_ONLY'],
    },
  },
  reviewsToWrite: {
    method: 'GET',
    path: reviewPaths.toWrite,
    summary: 'Completed voyages on which the signed-in user may still review someone, and whom (closing soonest first)',
    tag: 'reviews',
    auth: 'user',
    response: reviewsToWriteResponseSchema,
  },
  myVoyageReviews: {
    method: 'GET',
    path: reviewPaths.mine,
    summary: 'Whom the signed-in user may review on this voyage, and their reviews so far',
    tag: 'reviews',
    auth: 'user',
    response: myVoyageReviewsResponseSchema,
  },
  updateReview: {
    method: 'PUT',
    path: reviewPaths.update,
    summary: 'Change a review (its author, while it is not shown yet)',
    tag: 'reviews',
    auth: 'user',
    body: updateReviewRequestSchema,
    response: reviewActionResponseSchema,
    errors: [403, 409],
    errorCodes: { 403: ['NOT_REVIEW_AUTHOR'], 409: ['REVIEW_ALREADY_VISIBLE', 'REVIEW_HIDDEN'] },
  },
  reportReview: {
    method: 'POST',
    path: reviewPaths.report,
    summary: 'Report a review to the support desk',
    tag: 'reviews',
    auth: 'user',
    body: reportReviewRequestSchema,
    response: reviewReportResponseSchema,
    status: 201,
    errors: [403, 409],
    errorCodes: { 403: ['OWN_REVIEW'], 409: ['ALREADY_REPORTED'] },
  },
  hideReview: {
    method: 'POST',
    path: reviewPaths.hide,
    summary:
      "Hide a review (administrators; recorded with the reason and the administrator, and shown in the admin history of the review's author, of the member it is about and of its voyage)",
    tag: 'admin',
    auth: 'admin',
    body: hideReviewRequestSchema,
    response: hiddenReviewResponseSchema,
    errors: [409],
    errorCodes: { 409: ['REVIEW_ALREADY_HIDDEN'] },
    readsOwnWrite: true,
  },
  userReviews: {
    method: 'GET',
    path: reviewPaths.userReviews,
    summary: "A member's visible reviews, newest first, 10 a page, with their average rating and count",
    tag: 'reviews',
    auth: 'public',
    query: reviewListQuerySchema,
    response: userReviewsResponseSchema,
  },
  userVoyages: {
    method: 'GET',
    path: reviewPaths.userVoyages,
    summary: 'Completed voyages a member skippered and crewed (the latest 50 of each, with totals)',
    tag: 'reviews',
    auth: 'public',
    response: userVoyagesResponseSchema,
  },
} as const satisfies Record<string, RouteContract>;
