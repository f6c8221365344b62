import { foldEvents } from '../shared/aggregate';
import { HOUR, NOW, payment, THREE_YEARS_LATER, TWO_YEARS_LATER, YEAR_LATER } from '../testing/subscription-fixtures';
import { decideSubscription, hasActiveSubscription, paymentStanding, Subscription, type SubscriptionCommand } from './subscription.aggregate';
import type { SubscriptionEvent } from './subscription.events';

const cancellation = (providerEventId: string, cancelAtPeriodEnd: boolean): SubscriptionCommand => ({
  type: 'RecordCancellationChange',
  providerEventId,
  cancelAtPeriodEnd,
  periodEnd: YEAR_LATER,
});

/** The events the commands decide, one after another, each at its own time (NOW unless given). */
const history = (...steps: (SubscriptionCommand | [SubscriptionCommand, Date])[]): SubscriptionEvent[] => {
  const events: SubscriptionEvent[] = [];
  for (const step of steps) {
    const [command, now] = Array.isArray(step) ? step : [step, NOW];
    events.push(...decideSubscription(command, foldEvents(Subscription, events), now));
  }
  return events;
};
const stateAfter = (...steps: (SubscriptionCommand | [SubscriptionCommand, Date])[]) => foldEvents(Subscription, history(...steps));

const checkoutStarted = (data: Partial<Extract<SubscriptionEvent, { type: 'SubscriptionCheckoutStarted' }>['data']>): SubscriptionEvent => ({
  type: 'SubscriptionCheckoutStarted',
  data: { checkoutSessionId: 'cs_1', priceGbp: 30, currency: 'GBP', ...data },
});

describe('the subscription state', () => {
  it('starts with no subscription and nothing recorded', () => {
    expect(Subscription.initialState()).toEqual({
      state: 'none',
      source: null,
      startedAt: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
      providerCustomerId: null,
      providerSubscriptionId: null,
      providerEvents: [],
      paymentRefs: [],
      openCheckout: null,
    });
  });

  it('remembers the payment of an activation by its checkout and invoice, and nothing empty', () => {
    expect(stateAfter(payment({ checkoutSessionId: 'cs_1' }))).toMatchObject({ startedAt: NOW.toISOString(), providerEvents: ['evt_1'], paymentRefs: ['cs_1', 'in_1'] });
    expect(stateAfter(payment()).paymentRefs).toEqual(['in_1']);
    expect(stateAfter(payment({ checkoutSessionId: '' })).paymentRefs).toEqual(['in_1']);
    // Without an invoice the provider names the checkout session twice: remembered once.
    expect(stateAfter(payment({ checkoutSessionId: 'cs_1', invoiceId: 'cs_1' })).paymentRefs).toEqual(['cs_1']);
  });

  it('counts a payment as recorded when its checkout is, though it names a new invoice', () => {
    const state = stateAfter(payment({ checkoutSessionId: 'cs_1' }));
    expect(paymentStanding(state, { providerEventId: 'evt_9', checkoutSessionId: 'cs_1', invoiceId: 'in_9', providerSubscriptionId: 'sub_1' }, NOW)).toBe('recorded');
  });

  it('keeps the start of a subscription through renewals, and starts afresh after it expired', () => {
    const renewed = stateAfter(payment(), payment({ providerEventId: 'evt_2', kind: 'renewal', invoiceId: 'in_2', periodStart: YEAR_LATER, periodEnd: TWO_YEARS_LATER }));
    expect(renewed).toMatchObject({ state: 'active', startedAt: NOW.toISOString(), periodEnd: TWO_YEARS_LATER.toISOString() });
    const again = stateAfter(
      payment(),
      [{ type: 'ExpireIfDue' }, YEAR_LATER],
      [payment({ providerEventId: 'evt_3', invoiceId: 'in_3', periodStart: TWO_YEARS_LATER, periodEnd: THREE_YEARS_LATER }), TWO_YEARS_LATER],
    );
    expect(again).toMatchObject({ state: 'active', startedAt: TWO_YEARS_LATER.toISOString(), periodEnd: THREE_YEARS_LATER.toISOString() });
  });

  it('records no provider event for an expiry the clock decided', () => {
    expect(stateAfter(payment(), [{ type: 'ExpireIfDue' }, YEAR_LATER]).providerEvents).toEqual(['evt_1']);
  });

  it('remembers a provider event once though the stream holds it twice', () => {
    const failed: SubscriptionEvent = { type: 'SubscriptionRenewalFailed', data: { providerEventId: 'evt_f', invoiceId: 'in_f' } };
    expect(foldEvents(Subscription, [...history(payment()), failed, failed]).providerEvents).toEqual(['evt_1', 'evt_f']);
  });

  it('holds no open checkout from older events that lack its page or expiry', () => {
    const expiresAt = new Date(NOW.getTime() + HOUR).toISOString();
    for (const event of [checkoutStarted({}), checkoutStarted({ checkoutUrl: 'https://checkout.example/cs_1' }), checkoutStarted({ expiresAt })]) {
      expect(foldEvents(Subscription, [event])).toMatchObject({ state: 'checkout_pending', openCheckout: null });
    }
    expect(foldEvents(Subscription, [checkoutStarted({ checkoutUrl: 'https://checkout.example/cs_1', expiresAt })]).openCheckout).toEqual({
      sessionId: 'cs_1',
      url: 'https://checkout.example/cs_1',
      expiresAt,
      priceGbp: 30,
    });
  });

  it('stays cancelling through a renewal, and is active again once the cancellation is withdrawn', () => {
    const cancelling = [payment(), cancellation('evt_c', true)];
    expect(stateAfter(...cancelling, payment({ providerEventId: 'evt_2', kind: 'renewal', invoiceId: 'in_2', periodStart: YEAR_LATER, periodEnd: TWO_YEARS_LATER }))).toMatchObject(
      {
        state: 'cancelling',
        cancelAtPeriodEnd: true,
        periodEnd: TWO_YEARS_LATER.toISOString(),
      },
    );
    expect(stateAfter(...cancelling, cancellation('evt_d', false))).toMatchObject({ state: 'active', cancelAtPeriodEnd: false });
  });

  it('leaves nothing to cancel once a cancelling year has expired', () => {
    expect(stateAfter(payment(), cancellation('evt_c', true), [{ type: 'ExpireIfDue' }, YEAR_LATER])).toMatchObject({ state: 'expired', cancelAtPeriodEnd: false });
  });

  it('grants a fresh year after a cancelled one ran out, with nothing to cancel', () => {
    const granted = stateAfter(payment(), cancellation('evt_c', true), [{ type: 'Grant', reason: 'Volunteer' }, YEAR_LATER]);
    expect(granted).toMatchObject({ state: 'active', source: 'admin', startedAt: YEAR_LATER.toISOString(), cancelAtPeriodEnd: false });
    expect(hasActiveSubscription(granted, YEAR_LATER)).toBe(true);
  });

  it('ends access at once on a revoke, keeping the rest of the record', () => {
    expect(stateAfter(payment(), cancellation('evt_c', true), { type: 'Revoke', reason: 'Chargeback' })).toEqual({
      state: 'revoked',
      source: 'payment',
      startedAt: NOW.toISOString(),
      periodEnd: NOW.toISOString(),
      cancelAtPeriodEnd: false,
      providerCustomerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
      providerEvents: ['evt_1', 'evt_c'],
      paymentRefs: ['in_1'],
      openCheckout: null,
    });
  });

  it("closes the open checkout a refunded duplicate paid, and keeps another's", () => {
    const expiresAt = new Date(NOW.getTime() + HOUR).toISOString();
    const open = checkoutStarted({ checkoutSessionId: 'cs_2', checkoutUrl: 'https://checkout.example/cs_2', expiresAt });
    const refunded = (checkoutSessionId: string | null): SubscriptionEvent => ({
      type: 'SubscriptionDuplicateRefunded',
      data: {
        providerEventId: 'evt_dup',
        checkoutSessionId,
        invoiceId: 'in_dup',
        providerSubscriptionId: 'sub_2',
        keptSubscriptionId: 'sub_1',
        amountPaid: 3000,
        amountRefunded: 3000,
        currency: 'GBP',
        refundId: 're_1',
      },
    });
    expect(foldEvents(Subscription, [open, refunded('cs_2')]).openCheckout).toBeNull();
    expect(foldEvents(Subscription, [open, refunded('cs_3')]).openCheckout).toMatchObject({ sessionId: 'cs_2' });
    expect(foldEvents(Subscription, [open, refunded(null)]).openCheckout).toMatchObject({ sessionId: 'cs_2' });
    expect(foldEvents(Subscription, [open, refunded(null)]).paymentRefs).toEqual(['in_dup']);
  });

  it("treats a payment as new while an administrator's grant follows a paid subscription that ended", () => {
    const granted = stateAfter(payment(), [{ type: 'ExpireIfDue' }, YEAR_LATER], [{ type: 'Grant', reason: 'Volunteer' }, YEAR_LATER]);
    expect(granted).toMatchObject({ source: 'admin', providerSubscriptionId: 'sub_1' });
    expect(paymentStanding(granted, { providerEventId: 'evt_5', invoiceId: 'in_5', providerSubscriptionId: 'sub_2' }, YEAR_LATER)).toBe('new');
  });

  it('keeps a cancellation through a failed renewal paid on retry: the year still ends as asked', () => {
    const cancelled = stateAfter(
      payment(),
      cancellation('evt_2', true),
      { type: 'RecordPaymentFailure', providerEventId: 'evt_3', invoiceId: 'in_2', providerSubscriptionId: 'sub_1' },
      payment({ providerEventId: 'evt_4', kind: 'renewal', invoiceId: 'in_2', periodStart: YEAR_LATER, periodEnd: TWO_YEARS_LATER }),
    );
    expect(cancelled).toMatchObject({ state: 'cancelling', cancelAtPeriodEnd: true });
    // Taking the cancellation back is heard.
    const kept = foldEvents(Subscription, [
      ...history(
        payment(),
        cancellation('evt_2', true),
        { type: 'RecordPaymentFailure', providerEventId: 'evt_3', invoiceId: 'in_2', providerSubscriptionId: 'sub_1' },
        payment({ providerEventId: 'evt_4', kind: 'renewal', invoiceId: 'in_2', periodStart: YEAR_LATER, periodEnd: TWO_YEARS_LATER }),
        cancellation('evt_5', false),
      ),
    ]);
    expect(kept).toMatchObject({ state: 'active', cancelAtPeriodEnd: false });
  });

  it('starts a fresh year when another subscription is bought after a cancelled one ran out, before the clock expired it', () => {
    const renewedElsewhere = stateAfter(payment(), cancellation('evt_2', true), [
      payment({ providerEventId: 'evt_3', invoiceId: 'in_9', providerSubscriptionId: 'sub_2', periodStart: TWO_YEARS_LATER, periodEnd: THREE_YEARS_LATER }),
      TWO_YEARS_LATER,
    ]);
    expect(renewedElsewhere).toMatchObject({
      state: 'active',
      cancelAtPeriodEnd: false,
      providerSubscriptionId: 'sub_2',
      startedAt: TWO_YEARS_LATER.toISOString(),
      periodEnd: THREE_YEARS_LATER.toISOString(),
    });
  });
});
