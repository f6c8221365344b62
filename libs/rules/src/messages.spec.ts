/**
 * The words a member reads when a value is refused, stated once here and said
 * alike by the web form, the contracts at the door and the domain. These are
 * the texts the screens and the API's answers show (the review form's specs
 * and the API's tests read the same words).
 */
import { describe, expect, it } from '@jest/globals';
import { ADMIN_REASON_MAX, CALENDAR_DATE_MESSAGES, disallowedCharactersMessage, POSITION_MESSAGES, REVIEW_MESSAGES, TICKET_MESSAGES, VOYAGE_MESSAGES } from './index';

describe('shared messages', () => {
  it('a review: stars from 1 to 5, 20 to 2,000 characters written as people write numbers', () => {
    expect(REVIEW_MESSAGES).toEqual({
      ratingInvalid: 'Choose a rating from 1 to 5 stars',
      textTooShort: 'Please write at least 20 characters',
      textTooLong: 'Please keep your review under 2,000 characters',
    });
  });

  it('a calendar date: its form, then a real day between the years allowed', () => {
    expect(CALENDAR_DATE_MESSAGES).toEqual({ format: 'Use a calendar date (YYYY-MM-DD)', invalid: 'Use a real calendar date between 2000 and 2100' });
  });

  it('disallowed characters: what is refused, and why, for any field', () => {
    expect(disallowedCharactersMessage()).toBe('Text contains characters that are not allowed (control characters or broken Unicode)');
    expect(disallowedCharactersMessage('The review')).toBe('The review contains characters that are not allowed (control characters or broken Unicode)');
  });

  it('a ticket, a position and a voyage’s skills: the values there are, and the limits', () => {
    expect(TICKET_MESSAGES).toEqual({ priorityInvalid: 'Priority must be low, medium, high or urgent', statusInvalid: 'Status must be open, pending, resolved or closed' });
    expect(POSITION_MESSAGES).toEqual({ latitudeInvalid: 'Latitude must be between -90 and 90', longitudeInvalid: 'Longitude must be between -180 and 180' });
    expect(VOYAGE_MESSAGES.tooManySkills).toBe('At most 8 skills');
  });

  it('an administrator’s reason or note: one limit of 2,000 characters', () => {
    expect(ADMIN_REASON_MAX).toBe(2000);
  });
});
