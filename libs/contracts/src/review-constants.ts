/** Review limits and paths without zod, so public pages can use them without the schema library. */
/** Ratings and reviews: 1 to 5 stars, 20 to 2,000 characters (trimmed). The domain checks the same numbers. */
/** Double-blind: reviews show when both sides have written theirs, or REVIEW_REVEAL_DAYS after completion (and close then). */
export { REVIEW_RATING, REVIEW_TEXT, REVIEW_REVEAL_DAYS } from '@crew/rules';
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_REPORT_REASON = { min: 5, max: 1000 } as const;
export const REVIEW_HIDE_REASON = { min: 3, max: 1000 } as const;

export const reviewPaths = {
  create: '/api/voyages/{id}/reviews',
  mine: '/api/voyages/{id}/reviews/mine',
  update: '/api/reviews/{id}',
  report: '/api/reviews/{id}/report',
  hide: '/api/admin/reviews/{id}/hide',
  userReviews: '/api/users/{id}/reviews',
  userVoyages: '/api/users/{id}/voyages',
  toWrite: '/api/reviews/to-write',
} as const;
