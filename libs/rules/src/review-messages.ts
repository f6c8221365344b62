import { REVIEW_RATING, REVIEW_TEXT } from './review-rules';

/** A review's refusals, as the review form, the contracts' schemas and the domain word them (numbers as people write them: 2,000). */
export const REVIEW_MESSAGES = {
  ratingInvalid: `Choose a rating from ${REVIEW_RATING.min} to ${REVIEW_RATING.max} stars`,
  textTooShort: `Please write at least ${REVIEW_TEXT.min.toLocaleString('en-US')} characters`,
  textTooLong: `Please keep your review under ${REVIEW_TEXT.max.toLocaleString('en-US')} characters`,
} as const;
