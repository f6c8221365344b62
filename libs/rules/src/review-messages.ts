import { REVIEW_RATING, REVIEW_TEXT } from './review-rules';
import { sharedText } from './shared-texts';

/** A review's refusals, as the review form, the contracts' schemas and the domain word them (numbers as people write them: 2,000). */
export const REVIEW_MESSAGES = {
  ratingInvalid: sharedText('Choose a rating from {min} to {max} stars', REVIEW_RATING),
  textTooShort: sharedText('Please write at least {min, number} characters', REVIEW_TEXT),
  textTooLong: sharedText('Please keep your review under {max, number} characters', REVIEW_TEXT),
} as const;
