/**
 * Ratings and reviews (docs/features/completion-and-reviews.md): 1 to 5
 * stars, 20 to 2,000 characters (trimmed), and the double-blind window, stated
 * once for the domain, the contracts and the web client (their refusals:
 * review-messages.ts).
 */
export const REVIEW_RATING = { min: 1, max: 5 } as const;
export const REVIEW_TEXT = { min: 20, max: 2000 } as const;
/** Double-blind: a review shows once both sides have reviewed, or this many days after completion; reviews close then. */
export const REVIEW_REVEAL_DAYS = 14;
