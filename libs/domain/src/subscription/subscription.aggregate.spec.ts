import { foldEvents } from '../shared/aggregate';
import { DomainError } from '../shared/result';
import {
  checkoutStanding,
  decideSubscription,
  hasActiveSubscription,
  paymentStanding,
  Subscription,
  type SubscriptionCommand,
  type SubscriptionState,
} from './subscription.aggregate';
import type { SubscriptionEvent } from './subscription.events';

const NOW = new Date('2027-01-15T10:00:00Z');
const YEAR_LATER = new Date('2028-01-15T10:00:00Z');
const TWO_YEARS_LATER = new Date('2029-01-15T10:00:00Z');

type RecordPayment = Extract<SubscriptionCommand, { type: 'RecordPayment' }>;
const payment = (providerEventId: string, kind: 'activation' | 'renewal', periodStart: Date, periodEnd: Date): RecordPayment => ({
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

const HOUR = 3_600_000;
const checkout = (checkoutSessionId: string, priceGbp = 30, expiresAt = new Date(NOW.getTime() + 24 * HOUR)): SubscriptionCommand => ({
  type: 'StartCheckout',
  checkoutSessionId,
  priceGbp,
  checkoutUrl: `https://checkout.example/${checkoutSessionId}`,
  expiresAt,
});
/** The first payment of a checkout, for a subscription of its own. */
const completed = (providerEventId: string, checkoutSessionId: string, providerSubscriptionId: string): RecordPayment => ({
  ...payment(providerEventId, 'activation', NOW, YEAR_LATER),
  checkoutSessionId,
  invoiceId: `in_${checkoutSessionId}`,
  providerSubscriptionId,
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
    const started = run([checkout('cs_1')]);
    expect(started.state.state).toBe('checkout_pending');
    expect(hasActiveSubscription(started.state, NOW)).toBe(false);
    const paid = run([checkout('cs_1'), payment('evt_1', 'activation', NOW, YEAR_LATER)]);
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
    const revoked = run([
      { type: 'Grant', reason: '' },
      { type: 'Revoke', reason: 'Granted by mistake' },
    ]);
    expect(hasActiveSubscription(revoked.state, NOW)).toBe(false);
    expect(refusal(() => decideSubscription({ type: 'Revoke', reason: '' }, revoked.state, NOW))).toBe('NOT_PREMIUM');
  });

  it('refuses a checkout while active, and impossible periods or amounts from the provider', () => {
    const active = run([payment('evt_1', 'activation', NOW, YEAR_LATER)]).state;
    expect(refusal(() => decideSubscription(checkout('cs_2'), active, NOW))).toBe('ALREADY_SUBSCRIBED');
    expect(refusal(() => run([payment('evt_1', 'activation', YEAR_LATER, NOW)]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([payment('evt_1', 'activation', new Date('nope'), YEAR_LATER)]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([payment('evt_1', 'activation', NOW, new Date(Date.UTC(20_000, 0, 1)))]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([payment('evt_1', 'activation', new Date(-1), YEAR_LATER)]))).toBe('INVALID_PERIOD');
    expect(refusal(() => run([{ ...payment('evt_1', 'activation', NOW, YEAR_LATER), currency: 'gb\u0000p' } as SubscriptionCommand]))).toBe('INVALID_CURRENCY');
    expect(refusal(() => run([{ ...payment('evt_1', 'activation', NOW, YEAR_LATER), amountPaid: 29.99 } as SubscriptionCommand]))).toBe('INVALID_AMOUNT');
  });

  it('ends a paid subscription the provider ended, once', () => {
    const ended = run([
      payment('evt_1', 'activation', NOW, YEAR_LATER),
      { type: 'RecordProviderEnded', providerEventId: 'evt_9' },
      { type: 'RecordProviderEnded', providerEventId: 'evt_9' },
    ]);
    expect(ended.events.map((e) => e.type)).toEqual(['SubscriptionActivated', 'SubscriptionExpired']);
    expect(hasActiveSubscription(ended.state, NOW)).toBe(false);
  });

  describe('one checkout and one paid subscription per member', () => {
    it('hands out the open checkout again instead of opening a second one', () => {
      const opened = run([checkout('cs_1')]);
      expect(opened.state.openCheckout).toEqual({
        sessionId: 'cs_1',
        url: 'https://checkout.example/cs_1',
        expiresAt: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
        priceGbp: 30,
      });
      expect(checkoutStanding(opened.state, 30, NOW)).toEqual({ reuse: opened.state.openCheckout });
      // A second request that opened its own session meanwhile records nothing: the first stands.
      const twice = run([checkout('cs_1'), checkout('cs_2')]);
      expect(twice.events).toHaveLength(1);
      expect(twice.state.openCheckout?.sessionId).toBe('cs_1');
    });

    it('opens a new checkout once the open one has expired or no longer fits the price', () => {
      const opened = run([checkout('cs_1', 30, new Date(NOW.getTime() + HOUR))]).state;
      expect(checkoutStanding(opened, 30, new Date(NOW.getTime() + HOUR))).toEqual({ reuse: null, replaces: null });
      // About to expire, or at another price: replaced (the caller expires it at the provider first).
      expect(checkoutStanding(opened, 30, new Date(NOW.getTime() + HOUR - 60_000))).toEqual({ reuse: null, replaces: opened.openCheckout });
      expect(checkoutStanding(opened, 35, NOW)).toEqual({ reuse: null, replaces: opened.openCheckout });
      const replaced = run([checkout('cs_1', 30), checkout('cs_2', 35)]);
      expect(replaced.events.map((e) => e.data)).toMatchObject([{ checkoutSessionId: 'cs_1' }, { checkoutSessionId: 'cs_2', priceGbp: 35 }]);
      expect(replaced.state.openCheckout?.sessionId).toBe('cs_2');
    });

    it('closes the open checkout when it is paid, and then refuses another', () => {
      const paid = run([checkout('cs_1'), completed('evt_1', 'cs_1', 'sub_1')]);
      expect(paid.state.openCheckout).toBeNull();
      expect(refusal(() => checkoutStanding(paid.state, 30, NOW))).toBe('ALREADY_SUBSCRIBED');
      expect(refusal(() => decideSubscription(checkout('cs_2'), paid.state, NOW))).toBe('ALREADY_SUBSCRIBED');
    });

    it('records the same checkout completed under two event ids once', () => {
      const twice = run([checkout('cs_1'), completed('evt_1', 'cs_1', 'sub_1'), completed('evt_2', 'cs_1', 'sub_1')]);
      expect(twice.events.map((e) => e.type)).toEqual(['SubscriptionCheckoutStarted', 'SubscriptionActivated']);
      expect(twice.events[1]).toMatchObject({ data: { checkoutSessionId: 'cs_1', invoiceId: 'in_cs_1' } });
      // The same invoice announced again under another event id is recorded too.
      expect(paymentStanding(twice.state, { providerEventId: 'evt_3', invoiceId: 'in_cs_1', providerSubscriptionId: 'sub_1' }, NOW)).toBe('recorded');
    });

    it('never records a second activation for a second paid subscription: it is refunded and recorded as such', () => {
      const first = run([checkout('cs_1'), completed('evt_1', 'cs_1', 'sub_1')]);
      const second = completed('evt_2', 'cs_2', 'sub_2');
      expect(paymentStanding(first.state, second, NOW)).toBe('duplicate');
      expect(refusal(() => decideSubscription(second, first.state, NOW))).toBe('DUPLICATE_SUBSCRIPTION');
      // A renewal of a subscription other than the live one is a duplicate too.
      expect(refusal(() => decideSubscription({ ...payment('evt_3', 'renewal', YEAR_LATER, TWO_YEARS_LATER), providerSubscriptionId: 'sub_2' }, first.state, NOW))).toBe(
        'DUPLICATE_SUBSCRIPTION',
      );
      const refund: SubscriptionCommand = {
        type: 'RecordDuplicateRefund',
        providerEventId: 'evt_2',
        checkoutSessionId: 'cs_2',
        invoiceId: 'in_cs_2',
        providerSubscriptionId: 'sub_2',
        amountPaid: 3000,
        currency: 'gbp',
        refund: { refundId: 're_1', amount: 3000 },
      };
      const refunded = run([checkout('cs_1'), completed('evt_1', 'cs_1', 'sub_1'), refund, { ...refund, providerEventId: 'evt_9' }, completed('evt_10', 'cs_2', 'sub_2')]);
      expect(refunded.events.map((e) => e.type)).toEqual(['SubscriptionCheckoutStarted', 'SubscriptionActivated', 'SubscriptionDuplicateRefunded']);
      expect(refunded.events[2]!.data).toEqual({
        providerEventId: 'evt_2',
        checkoutSessionId: 'cs_2',
        invoiceId: 'in_cs_2',
        providerSubscriptionId: 'sub_2',
        keptSubscriptionId: 'sub_1',
        amountPaid: 3000,
        amountRefunded: 3000,
        currency: 'GBP',
        refundId: 're_1',
      });
      // The member keeps the first subscription as it was, and the provider's news of the cancelled one changes nothing.
      expect(refunded.state).toMatchObject({ state: 'active', providerSubscriptionId: 'sub_1', periodEnd: YEAR_LATER.toISOString() });
      const aboutTheExtra: SubscriptionCommand[] = [
        { type: 'RecordProviderEnded', providerEventId: 'evt_11', providerSubscriptionId: 'sub_2' },
        { type: 'RecordCancellationChange', providerEventId: 'evt_12', cancelAtPeriodEnd: true, periodEnd: YEAR_LATER, providerSubscriptionId: 'sub_2' },
        { type: 'RecordPaymentFailure', providerEventId: 'evt_13', invoiceId: 'in_x', providerSubscriptionId: 'sub_2' },
      ];
      for (const command of aboutTheExtra) expect(decideSubscription(command, refunded.state, NOW)).toEqual([]);
      expect(decideSubscription({ type: 'RecordProviderEnded', providerEventId: 'evt_14', providerSubscriptionId: 'sub_1' }, refunded.state, NOW)).toHaveLength(1);
    });

    it("activates a payment that arrives while only an administrator's grant is live, or after the paid year", () => {
      const granted = run([{ type: 'Grant', reason: 'Volunteer' }]).state;
      expect(paymentStanding(granted, { providerEventId: 'evt_1', invoiceId: 'in_1', providerSubscriptionId: 'sub_1' }, NOW)).toBe('new');
      const paid = run([completed('evt_1', 'cs_1', 'sub_1')]).state;
      expect(paymentStanding(paid, { providerEventId: 'evt_2', invoiceId: 'in_2', providerSubscriptionId: 'sub_2' }, YEAR_LATER)).toBe('new');
    });
  });
});
