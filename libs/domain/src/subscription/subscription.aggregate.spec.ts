import { foldEvents } from '../shared/aggregate';
import { DomainError } from '../shared/result';
import { decideSubscription, hasActiveSubscription, Subscription, type SubscriptionCommand, type SubscriptionState } from './subscription.aggregate';
import type { SubscriptionEvent } from './subscription.events';

const NOW = new Date('2027-01-15T10:00:00Z');
const YEAR_LATER = new Date('2028-01-15T10:00:00Z');
const TWO_YEARS_LATER = new Date('2029-01-15T10:00:00Z');

const payment = (providerEventId: string, kind: 'activation' | 'renewal', periodStart: Date, periodEnd: Date): SubscriptionCommand => ({
  type: 'RecordPayment',
  providerEventId,
  kind,
  invoiceId: `in_${providerEventId}`,
  providerCustomerId: 'cus_1',
  providerSubscriptionId: 'sub_1',
  amountPaid: 3000,
  currency: 'gbp',
  periodStart,
  periodEnd,
});

/** Runs commands one after another, each on the state the events before it left. */
const run = (commands: readonly SubscriptionCommand[], now = NOW): { state: SubscriptionState; events: SubscriptionEvent[] } => {
  const events: SubscriptionEvent[] = [];
  for (const command of commands) events.push(...decideSubscription(command, foldEvents(Subscription, events), now));
  return { state: foldEvents(Subscription, events), events };
};

const refusal = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

describe('Subscription', () => {
  it('becomes active only when the payment is recorded, not when checkout starts', () => {
    const started = run([{ type: 'StartCheckout', checkoutSessionId: 'cs_1', priceGbp: 30 }]);
    expect(started.state.state).toBe('checkout_pending');
    expect(hasActiveSubscription(started.state, NOW)).toBe(false);
    const paid = run([{ type: 'StartCheckout', checkoutSessionId: 'cs_1', priceGbp: 30 }, payment('evt_1', 'activation', NOW, YEAR_LATER)]);
    expect(paid.state).toMatchObject({ state: 'active', source: 'payment', periodEnd: YEAR_LATER.toISOString(), providerCustomerId: 'cus_1' });
    expect(paid.events[1]).toMatchObject({ type: 'SubscriptionActivated', data: { amountPaid: 3000, currency: 'GBP' } });
    expect(hasActiveSubscription(paid.state, NOW)).toBe(true);
  });

  it('applies each provider event once, however often it is delivered', () => {
    const once = run([payment('evt_1', 'activation', NOW, YEAR_LATER), payment('evt_1', 'activation', NOW, YEAR_LATER)]);
    expect(once.events).toHaveLength(1);
    expect(run([payment('evt_1', 'activation', NOW, YEAR_LATER), { type: 'RecordPaymentFailure', providerEventId: 'evt_1', invoiceId: 'x' }]).events).toHaveLength(1);
  });

  it('extends by the renewal period and never moves the end back when events arrive out of order', () => {
    const renewed = run([payment('evt_1', 'activation', NOW, YEAR_LATER), payment('evt_2', 'renewal', YEAR_LATER, TWO_YEARS_LATER)]);
    expect(renewed.events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionRenewed']);
    expect(renewed.state.periodEnd).toBe(TWO_YEARS_LATER.toISOString());
    // The renewal's webhook came first: the first year's activation afterwards keeps the later end.
    const swapped = run([payment('evt_2', 'renewal', YEAR_LATER, TWO_YEARS_LATER), payment('evt_1', 'activation', NOW, YEAR_LATER)]);
    expect(swapped.state).toMatchObject({ state: 'active', periodEnd: TWO_YEARS_LATER.toISOString() });
  });

  it('records one renewal when the provider announces the same paid invoice twice under two event ids', () => {
    const renewed = run([
      payment('evt_1', 'activation', NOW, YEAR_LATER),
      payment('evt_paid', 'renewal', YEAR_LATER, TWO_YEARS_LATER),
      payment('evt_succeeded', 'renewal', YEAR_LATER, TWO_YEARS_LATER),
    ]);
    expect(renewed.events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionRenewed']);
    expect(renewed.state.periodEnd).toBe(TWO_YEARS_LATER.toISOString());
  });

  it('keeps access through a failed renewal until the paid year ends, then expires', () => {
    const failed = run([payment('evt_1', 'activation', NOW, YEAR_LATER), { type: 'RecordPaymentFailure', providerEventId: 'evt_2', invoiceId: 'in_2' }]);
    expect(failed.state.state).toBe('payment_failed');
    expect(hasActiveSubscription(failed.state, NOW)).toBe(true);
    expect(decideSubscription({ type: 'ExpireIfDue' }, failed.state, NOW)).toEqual([]);
    const due = decideSubscription({ type: 'ExpireIfDue' }, failed.state, YEAR_LATER);
    expect(due).toEqual([{ type: 'SubscriptionExpired', data: { reason: 'period_ended', endedAt: YEAR_LATER.toISOString(), providerEventId: null } }]);
    const expired = foldEvents(Subscription, [...failed.events, ...due]);
    expect(hasActiveSubscription(expired, YEAR_LATER)).toBe(false);
    expect(decideSubscription({ type: 'ExpireIfDue' }, expired, YEAR_LATER)).toEqual([]);
  });

  it('cancels at the end of the paid year: active until then', () => {
    const cancelling = run([
      payment('evt_1', 'activation', NOW, YEAR_LATER),
      { type: 'RecordCancellationChange', providerEventId: 'evt_2', cancelAtPeriodEnd: true, periodEnd: YEAR_LATER },
    ]);
    expect(cancelling.state).toMatchObject({ state: 'cancelling', cancelAtPeriodEnd: true });
    expect(hasActiveSubscription(cancelling.state, new Date(YEAR_LATER.getTime() - 1))).toBe(true);
    expect(hasActiveSubscription(cancelling.state, YEAR_LATER)).toBe(false);
  });

  it('lets an administrator grant a year and revoke it, refusing a grant on top of an active one', () => {
    const granted = run([{ type: 'Grant', reason: ' Goodwill ' }]);
    expect(granted.state).toMatchObject({ state: 'active', source: 'admin', periodEnd: new Date(NOW.getTime() + 365 * 86_400_000).toISOString() });
    expect(granted.events[0]).toMatchObject({ data: { reason: 'Goodwill' } });
    expect(refusal(() => decideSubscription({ type: 'Grant', reason: '' }, granted.state, NOW))).toBe('ALREADY_PREMIUM');
    const revoked = run([{ type: 'Grant', reason: '' }, { type: 'Revoke', reason: 'Granted by mistake' }]);
    expect(hasActiveSubscription(revoked.state, NOW)).toBe(false);
    expect(refusal(() => decideSubscription({ type: 'Revoke', reason: '' }, revoked.state, NOW))).toBe('NOT_PREMIUM');
  });

  it('refuses a checkout while active, and impossible periods or amounts from the provider', () => {
    const active = run([payment('evt_1', 'activation', NOW, YEAR_LATER)]).state;
    expect(refusal(() => decideSubscription({ type: 'StartCheckout', checkoutSessionId: 'cs_2', priceGbp: 30 }, active, NOW))).toBe('ALREADY_SUBSCRIBED');
    expect(refusal(() => run([payment('evt_1', 'activation', YEAR_LATER, NOW)]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([payment('evt_1', 'activation', new Date('nope'), YEAR_LATER)]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([payment('evt_1', 'activation', NOW, new Date(Date.UTC(20_000, 0, 1)))]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([payment('evt_1', 'activation', new Date(-1), YEAR_LATER)]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([{ ...payment('evt_1', 'activation', NOW, YEAR_LATER), currency: 'gb\u0000p' } as SubscriptionCommand]))).toBe('INVALID_CURRENCY');
    expect(refusal(() => run([{ ...payment('evt_1', 'activation', NOW, YEAR_LATER), amountPaid: 29.99 } as SubscriptionCommand]))).toBe('INVALID_AMOUNT');
  });

  it('ends a paid subscription the provider ended, once', () => {
    const ended = run([payment('evt_1', 'activation', NOW, YEAR_LATER), { type: 'RecordProviderEnded', providerEventId: 'evt_9' }, { type: 'RecordProviderEnded', providerEventId: 'evt_9' }]);
    expect(ended.events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionExpired']);
    expect(hasActiveSubscription(ended.state, NOW)).toBe(false);
  });
});
