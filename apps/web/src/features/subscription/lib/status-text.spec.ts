import { describe, expect, it } from '@jest/globals';
import { describeStatus, formatPrice, subscribeOffer } from './status-text';
import { makeStatus } from './test-fixtures';

describe('subscription wording', () => {
  it('writes the price in whole pounds, or with pence when there are some', () => {
    expect(formatPrice(30)).toBe('£30');
    expect(formatPrice(29.5)).toBe('£29.50');
    expect(formatPrice(1250)).toBe('£1,250');
  });

  it('says a trial is running even when the server gives no end date', () => {
    expect(describeStatus(makeStatus({ reason: 'trial', display: 'trial', can_apply: true, trial_days_left: 1 })).detail).toBe('1 day left in your free trial.');
  });

  it('offers no checkout while a subscription runs, even if it is ending or its payment failed', () => {
    for (const state of ['active', 'cancelling', 'payment_failed'] as const) {
      expect(subscribeOffer(makeStatus({}, { state })).kind).toBe('subscribed');
    }
  });

  it('offers a checkout again once a subscription has ended or a checkout was left unfinished', () => {
    for (const state of ['none', 'checkout_pending', 'expired', 'revoked'] as const) {
      expect(subscribeOffer(makeStatus({}, { state }))).toEqual({ kind: 'subscribe', note: null });
    }
  });
});
