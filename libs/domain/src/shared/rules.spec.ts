/**
 * The domain's side of "one copy": every list, limit and message the domain
 * exports that the contracts share is the value of libs/rules (the same
 * object), and the domain's own checks refuse exactly one past it. A copy
 * typed again in a domain module fails here; libs/contracts/src/rules.spec.ts
 * proves the contracts read these same values.
 */
import { describe, expect, it } from '@jest/globals';
import * as rules from '@crew/rules';
import * as domain from '../index';

const text = (length: number): string => 'a'.repeat(length);

describe('the domain restates nothing libs/rules states', () => {
  it.each(Object.keys(rules))('%s is exported by the domain as the shared value itself', (name) => {
    expect((domain as Record<string, unknown>)[name]).toBe((rules as Record<string, unknown>)[name]);
  });

  it('the apply message limits are the shared ones', () => {
    expect([domain.APPLICATION_MESSAGE_MIN_LENGTH, domain.APPLICATION_MESSAGE_MAX_LENGTH]).toEqual([rules.APPLICATION_MESSAGE.min, rules.APPLICATION_MESSAGE.max]);
  });
});

describe('the domain enforces the shared limits', () => {
  it('review stars and text, at the limits and one past', () => {
    const { REVIEW_RATING, REVIEW_TEXT } = rules;
    expect(() => domain.checkReviewContent(REVIEW_RATING.min, text(REVIEW_TEXT.min))).not.toThrow();
    expect(() => domain.checkReviewContent(REVIEW_RATING.max, text(REVIEW_TEXT.max))).not.toThrow();
    expect(() => domain.checkReviewContent(REVIEW_RATING.min - 1, text(REVIEW_TEXT.min))).toThrow(expect.objectContaining({ code: 'RATING_INVALID' }));
    expect(() => domain.checkReviewContent(REVIEW_RATING.max + 1, text(REVIEW_TEXT.min))).toThrow(expect.objectContaining({ code: 'RATING_INVALID' }));
    expect(() => domain.checkReviewContent(REVIEW_RATING.max, text(REVIEW_TEXT.min - 1))).toThrow(expect.objectContaining({ code: 'REVIEW_TEXT_TOO_SHORT' }));
    expect(() => domain.checkReviewContent(REVIEW_RATING.max, text(REVIEW_TEXT.max + 1))).toThrow(expect.objectContaining({ code: 'REVIEW_TEXT_TOO_LONG' }));
  });

  it('review refusals in the shared words', () => {
    const { REVIEW_MESSAGES, REVIEW_RATING, REVIEW_TEXT } = rules;
    const refusal = (rating: number, body: string) => {
      try {
        domain.checkReviewContent(rating, body);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal(REVIEW_RATING.max + 1, text(REVIEW_TEXT.min))).toBe(REVIEW_MESSAGES.ratingInvalid);
    expect(refusal(REVIEW_RATING.max, text(REVIEW_TEXT.min - 1))).toBe(REVIEW_MESSAGES.textTooShort);
    expect(refusal(REVIEW_RATING.max, text(REVIEW_TEXT.max + 1))).toBe(REVIEW_MESSAGES.textTooLong);
    expect(refusal(REVIEW_RATING.max, `${text(REVIEW_TEXT.min)}\u0000`)).toBe(rules.disallowedCharactersMessage('The review'));
  });

  it('text with control characters is refused in the shared words', () => {
    expect(() => domain.checkText('a\u0000b', 'The title', 10)).toThrow(rules.disallowedCharactersMessage('The title'));
  });

  it('an administrator’s reason: the one shared limit, in the audit trail', () => {
    const record = (reason: string) => () =>
      domain.decideAdminAction({ type: 'RecordAdminAction', actorId: 'admin-1', action: 'voyage.suspend', subjectType: 'voyage', subjectId: 'voyage-1', reason }, { count: 0 });
    expect(record(text(rules.ADMIN_REASON_MAX))).not.toThrow();
    expect(record(text(rules.ADMIN_REASON_MAX + 1))).toThrow(expect.objectContaining({ code: 'REASON_TOO_LONG' }));
  });

  it('calendar dates within the shared years', () => {
    const { CALENDAR_YEARS } = rules;
    expect(domain.isIsoDate(`${CALENDAR_YEARS.min}-01-01`)).toBe(true);
    expect(domain.isIsoDate(`${CALENDAR_YEARS.max}-12-31`)).toBe(true);
    expect(domain.isIsoDate(`${CALENDAR_YEARS.min - 1}-12-31`)).toBe(false);
    expect(domain.isIsoDate(`${CALENDAR_YEARS.max + 1}-01-01`)).toBe(false);
  });

  it('the rollout in the shared steps', () => {
    const { rolloutMin, rolloutMax, rolloutStep } = rules.PLATFORM_CONFIG_LIMITS;
    expect([rolloutMin, rolloutMax, rolloutMin + rolloutStep].map(domain.isRolloutPercentage)).toEqual([true, true, true]);
    expect([rolloutMin - rolloutStep, rolloutMax + rolloutStep, rolloutMin + 1].map(domain.isRolloutPercentage)).toEqual([false, false, false]);
  });
});
