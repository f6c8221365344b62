/**
 * The domain's side of "one copy": every list and limit the domain exports
 * that the contracts share is the value of shared-rules (the same object),
 * and the domain's own checks refuse exactly one past it. A copy typed again
 * in a domain module fails here; libs/contracts/src/shared-limits.spec.ts
 * proves the contracts read these same values.
 */
import { describe, expect, it } from '@jest/globals';
import * as domain from '../index';
import * as platformConfigRules from './platform-config-rules';
import * as reviewRules from './review-rules';
import * as textRules from './text-rules';
import * as ticketRules from './ticket-rules';
import * as trustRules from './trust-rules';
import * as voyageRules from './voyage-rules';

const text = (length: number): string => 'a'.repeat(length);

describe('the domain restates nothing shared-rules states', () => {
  const shared = { ...voyageRules, ...textRules, ...reviewRules, ...ticketRules, ...trustRules, ...platformConfigRules };

  it.each(Object.keys(shared))('%s is exported by the domain as the shared value itself', (name) => {
    expect((domain as Record<string, unknown>)[name]).toBe((shared as Record<string, unknown>)[name]);
  });

  it('the apply message limits are the shared ones', () => {
    expect([domain.APPLICATION_MESSAGE_MIN_LENGTH, domain.APPLICATION_MESSAGE_MAX_LENGTH]).toEqual([voyageRules.APPLICATION_MESSAGE.min, voyageRules.APPLICATION_MESSAGE.max]);
  });
});

describe('the domain enforces the shared limits', () => {
  it('review stars and text, at the limits and one past', () => {
    const { REVIEW_RATING, REVIEW_TEXT } = reviewRules;
    expect(() => domain.checkReviewContent(REVIEW_RATING.min, text(REVIEW_TEXT.min))).not.toThrow();
    expect(() => domain.checkReviewContent(REVIEW_RATING.max, text(REVIEW_TEXT.max))).not.toThrow();
    expect(() => domain.checkReviewContent(REVIEW_RATING.min - 1, text(REVIEW_TEXT.min))).toThrow(expect.objectContaining({ code: 'RATING_INVALID' }));
    expect(() => domain.checkReviewContent(REVIEW_RATING.max + 1, text(REVIEW_TEXT.min))).toThrow(expect.objectContaining({ code: 'RATING_INVALID' }));
    expect(() => domain.checkReviewContent(REVIEW_RATING.max, text(REVIEW_TEXT.min - 1))).toThrow(expect.objectContaining({ code: 'REVIEW_TEXT_TOO_SHORT' }));
    expect(() => domain.checkReviewContent(REVIEW_RATING.max, text(REVIEW_TEXT.max + 1))).toThrow(expect.objectContaining({ code: 'REVIEW_TEXT_TOO_LONG' }));
  });

  it('calendar dates within the shared years', () => {
    const { CALENDAR_YEARS } = textRules;
    expect(domain.isIsoDate(`${CALENDAR_YEARS.min}-01-01`)).toBe(true);
    expect(domain.isIsoDate(`${CALENDAR_YEARS.max}-12-31`)).toBe(true);
    expect(domain.isIsoDate(`${CALENDAR_YEARS.min - 1}-12-31`)).toBe(false);
    expect(domain.isIsoDate(`${CALENDAR_YEARS.max + 1}-01-01`)).toBe(false);
  });

  it('the rollout in the shared steps', () => {
    const { rolloutMin, rolloutMax, rolloutStep } = platformConfigRules.PLATFORM_CONFIG_LIMITS;
    expect([rolloutMin, rolloutMax, rolloutMin + rolloutStep].map(domain.isRolloutPercentage)).toEqual([true, true, true]);
    expect([rolloutMin - rolloutStep, rolloutMax + rolloutStep, rolloutMin + 1].map(domain.isRolloutPercentage)).toEqual([false, false, false]);
  });
});
