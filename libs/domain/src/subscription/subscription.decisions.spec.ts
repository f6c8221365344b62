import { foldEvents } from '../shared/aggregate';
import { DeciderSpecification } from '../testing/decider-specification';
import { HOUR, NOW, payment, TWO_YEARS_LATER, YEAR_LATER } from '../testing/subscription-fixtures';
import { checkoutStanding, CHECKOUT_REUSE_MARGIN_MS, decideSubscription, Subscription, type SubscriptionCommand } from './subscription.aggregate';
import { subscriptionStreamId, userIdOfSubscriptionStream, type SubscriptionEvent } from './subscription.events';

const DAY = 86_400_000;

const given = DeciderSpecification.for(Subscription, { now: NOW });

type StartCheckout = Extract<SubscriptionCommand, { type: 'StartCheckout' }>;
type RecordPayment = Extract<SubscriptionCommand, { type: 'RecordPayment' }>;
type RecordDuplicateRefund = Extract<SubscriptionCommand, { type: 'RecordDuplicateRefund' }>;

const checkout = (overrides: Partial<StartCheckout> = {}): StartCheckout => ({
  type: 'StartCheckout',
  checkoutSessionId: 'cs_1',
  priceGbp: 30,
  checkoutUrl: 'https://checkout.example/cs_1',
  expiresAt: new Date(NOW.getTime() + 24 * HOUR),
  ...overrides,
});
const renewal = (overrides: Partial<RecordPayment> = {}): RecordPayment =>
  payment({ providerEventId: 'evt_2', kind: 'renewal', invoiceId: 'in_2', periodStart: YEAR_LATER, periodEnd: TWO_YEARS_LATER, ...overrides });
const duplicateRefund = (overrides: Partial<RecordDuplicateRefund> = {}): RecordDuplicateRefund => ({
  type: 'RecordDuplicateRefund',
  providerEventId: 'evt_dup',
  checkoutSessionId: 'cs_2',
  invoiceId: 'in_dup',
  providerSubscriptionId: 'sub_2',
  amountPaid: 3000,
  currency: 'gbp',
  refund: { refundId: 're_1', amount: 3000 },
  ...overrides,
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

const paid = (): SubscriptionEvent[] => history(payment());
/** A paid year that ran out and was expired. */
const paidThenExpired = (): SubscriptionEvent[] => history(payment(), [{ type: 'ExpireIfDue' }, YEAR_LATER]);

describe('starting a checkout', () => {
  it('records the open checkout in pounds sterling, with its page and expiry', () => {
    given()
      .when(checkout())
      .then([
        {
          type: 'SubscriptionCheckoutStarted',
          data: {
            checkoutSessionId: 'cs_1',
            priceGbp: 30,
            currency: 'GBP',
            checkoutUrl: 'https://checkout.example/cs_1',
            expiresAt: new Date(NOW.getTime() + 24 * HOUR).toISOString(),
          },
        },
      ]);
  });

  it('is refused while the member is subscribed', () => {
    given(paid()).when(checkout()).thenThrows('conflict', 'ALREADY_SUBSCRIBED', 'Your subscription is already active');
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])('is refused at a price of %p', (priceGbp) => {
    given().when(checkout({ priceGbp })).thenThrows('validation', 'INVALID_PRICE', 'The subscription price is not set');
  });

  it('takes any positive price, however small', () => {
    given()
      .when(checkout({ priceGbp: 0.01 }))
      .thenMatches([{ data: { priceGbp: 0.01 } }]);
  });

  it('is refused when the provider has already expired the session, to the millisecond', () => {
    for (const expiresAt of [NOW, new Date(NOW.getTime() - 1)]) {
      given().when(checkout({ expiresAt })).thenThrows('validation', 'INVALID_CHECKOUT', 'The checkout has already expired');
    }
    given()
      .when(checkout({ expiresAt: new Date(NOW.getTime() + 1) }))
      .thenMatches([{ type: 'SubscriptionCheckoutStarted' }]);
  });

  it('is refused without a page to pay on, or with an expiry that is no date', () => {
    given()
      .when(checkout({ checkoutUrl: '' }))
      .thenThrows('validation', 'INVALID_CHECKOUT', 'The checkout has no page');
    given()
      .when(checkout({ expiresAt: new Date('not a date') }))
      .thenThrows('validation', 'INVALID_PERIOD', 'The checkout expiry is not a valid date');
  });

  it('hands the open checkout out again only while more than the margin is left to pay on it', () => {
    const state = foldEvents(Subscription, history(checkout()));
    const expiresAt = Date.parse(state.openCheckout!.expiresAt);
    expect(checkoutStanding(state, 30, new Date(expiresAt - CHECKOUT_REUSE_MARGIN_MS - 1))).toEqual({ reuse: state.openCheckout });
    expect(checkoutStanding(state, 30, new Date(expiresAt - CHECKOUT_REUSE_MARGIN_MS))).toEqual({ reuse: null, replaces: state.openCheckout });
    expect(CHECKOUT_REUSE_MARGIN_MS).toBe(5 * 60_000);
  });
});

describe('recording a payment', () => {
  it('activates with the payment as the provider states it, currency in capitals and no checkout when none is named', () => {
    given()
      .when(payment({ currency: 'eur' }))
      .then([
        {
          type: 'SubscriptionActivated',
          data: {
            providerEventId: 'evt_1',
            checkoutSessionId: null,
            invoiceId: 'in_1',
            providerCustomerId: 'cus_1',
            providerSubscriptionId: 'sub_1',
            amountPaid: 3000,
            currency: 'EUR',
            periodStart: NOW.toISOString(),
            periodEnd: YEAR_LATER.toISOString(),
          },
        },
      ]);
  });

  it('refuses a second paid subscription while one is live, saying it is to be refunded', () => {
    given(paid())
      .when(payment({ providerEventId: 'evt_2', invoiceId: 'in_2', providerSubscriptionId: 'sub_2' }))
      .thenThrows('conflict', 'DUPLICATE_SUBSCRIPTION', 'Another subscription of this member is already paid for: this one is to be cancelled and refunded');
  });

  it('names the date that is not one', () => {
    given()
      .when(payment({ periodStart: new Date('nope') }))
      .thenThrows('validation', 'INVALID_PERIOD', 'The period start is not a valid date');
    given()
      .when(payment({ periodEnd: new Date('nope') }))
      .thenThrows('validation', 'INVALID_PERIOD', 'The period end is not a valid date');
  });

  it('takes dates from the first millisecond of 2000 to the last of 9999, and none outside', () => {
    const first = new Date(Date.UTC(2000, 0, 1));
    const last = new Date(Date.UTC(10_000, 0, 1) - 1);
    given()
      .when(payment({ periodStart: first, periodEnd: last }))
      .thenMatches([{ data: { periodStart: '2000-01-01T00:00:00.000Z', periodEnd: '9999-12-31T23:59:59.999Z' } }]);
    given()
      .when(payment({ periodStart: new Date(first.getTime() - 1) }))
      .thenThrows('validation', 'INVALID_PERIOD', 'The period start is not a valid date');
    given()
      .when(payment({ periodEnd: new Date(last.getTime() + 1) }))
      .thenThrows('validation', 'INVALID_PERIOD', 'The period end is not a valid date');
  });

  it('refuses a paid period that ends when it starts', () => {
    given()
      .when(payment({ periodEnd: NOW }))
      .thenThrows('validation', 'INVALID_PERIOD', 'The paid period ends before it starts');
    given()
      .when(payment({ periodEnd: new Date(NOW.getTime() + 1) }))
      .thenMatches([{ type: 'SubscriptionActivated' }]);
  });

  it('takes a payment of nothing (a full discount) but not a negative or fractional one', () => {
    given()
      .when(payment({ amountPaid: 0 }))
      .thenMatches([{ data: { amountPaid: 0 } }]);
    for (const amountPaid of [-1, 29.99]) {
      given().when(payment({ amountPaid })).thenThrows('validation', 'INVALID_AMOUNT', 'The amount paid is not a whole number of pence');
    }
  });

  it.each(['gbpx', 'xgbp', 'gb', 'g8p'])('refuses the currency %p', (currency) => {
    given().when(payment({ currency })).thenThrows('validation', 'INVALID_CURRENCY', 'The currency is not a three-letter code');
  });

  it('records a first payment of the live subscription as an activation, even under a new invoice', () => {
    given(paid())
      .when(payment({ providerEventId: 'evt_3', invoiceId: 'in_3', periodStart: YEAR_LATER, periodEnd: TWO_YEARS_LATER }))
      .thenMatches([{ type: 'SubscriptionActivated', data: { invoiceId: 'in_3', periodEnd: TWO_YEARS_LATER.toISOString() } }]);
  });

  it('activates again on a renewal of a subscription that has expired', () => {
    given(paidThenExpired())
      .when(renewal(), YEAR_LATER)
      .thenMatches([{ type: 'SubscriptionActivated', data: { providerSubscriptionId: 'sub_1', periodStart: YEAR_LATER.toISOString() } }]);
  });

  it("activates on a renewal of a provider subscription the stream does not know, while only an administrator's grant is live", () => {
    given(history({ type: 'Grant', reason: 'Volunteer' }))
      .when(renewal({ periodStart: NOW, periodEnd: YEAR_LATER }))
      .thenMatches([{ type: 'SubscriptionActivated', data: { providerSubscriptionId: 'sub_1' } }]);
  });

  it('renews the live subscription with the invoice as paid', () => {
    given(paid())
      .when(renewal({ currency: 'Gbp' }))
      .then([
        {
          type: 'SubscriptionRenewed',
          data: {
            providerEventId: 'evt_2',
            invoiceId: 'in_2',
            amountPaid: 3000,
            currency: 'GBP',
            periodStart: YEAR_LATER.toISOString(),
            periodEnd: TWO_YEARS_LATER.toISOString(),
          },
        },
      ]);
  });

  it('renews nothing for a year already paid for, even under another invoice', () => {
    given(paid())
      .when(renewal({ periodStart: NOW, periodEnd: YEAR_LATER }))
      .thenNothing();
    given(paid())
      .when(renewal({ periodStart: NOW, periodEnd: new Date(YEAR_LATER.getTime() - DAY) }))
      .thenNothing();
  });
});

describe('recording a refunded duplicate', () => {
  it('records a duplicate the provider could not refund as nothing refunded', () => {
    given(paid())
      .when(duplicateRefund({ refund: null, currency: 'usd' }))
      .then([
        {
          type: 'SubscriptionDuplicateRefunded',
          data: {
            providerEventId: 'evt_dup',
            checkoutSessionId: 'cs_2',
            invoiceId: 'in_dup',
            providerSubscriptionId: 'sub_2',
            keptSubscriptionId: 'sub_1',
            amountPaid: 3000,
            amountRefunded: 0,
            currency: 'USD',
            refundId: null,
          },
        },
      ]);
  });

  it('records a payment of the same invoice once, whatever event id announces it', () => {
    const refunded = history(payment(), duplicateRefund());
    given(refunded)
      .when(duplicateRefund({ providerEventId: 'evt_other' }))
      .thenNothing();
  });

  it('takes amounts of nothing, but refuses negative or fractional amounts paid or refunded', () => {
    given(paid())
      .when(duplicateRefund({ amountPaid: 0, refund: { refundId: 're_0', amount: 0 } }))
      .thenMatches([{ data: { amountPaid: 0, amountRefunded: 0, refundId: 're_0' } }]);
    for (const overrides of [{ amountPaid: -1 }, { amountPaid: 1.5 }, { refund: { refundId: 're_1', amount: -1 } }, { refund: { refundId: 're_1', amount: 2.5 } }]) {
      given(paid()).when(duplicateRefund(overrides)).thenThrows('validation', 'INVALID_AMOUNT', 'The amount is not a whole number of pence');
    }
  });

  it.each(['gbpx', 'xgbp', 'gb'])('refuses the currency %p', (currency) => {
    given(paid()).when(duplicateRefund({ currency })).thenThrows('validation', 'INVALID_CURRENCY', 'The currency is not a three-letter code');
  });

  it("names no kept subscription when what is live is an administrator's grant, not a payment", () => {
    given(history(payment(), [{ type: 'ExpireIfDue' }, YEAR_LATER], [{ type: 'Grant', reason: 'Volunteer' }, YEAR_LATER]))
      .when(duplicateRefund(), YEAR_LATER)
      .thenMatches([{ data: { keptSubscriptionId: null } }]);
  });
});

describe('recording what the provider says about a subscription', () => {
  it('records a failed renewal with its invoice', () => {
    given(paid())
      .when({ type: 'RecordPaymentFailure', providerEventId: 'evt_f', invoiceId: 'in_f', providerSubscriptionId: 'sub_1' })
      .then([{ type: 'SubscriptionRenewalFailed', data: { providerEventId: 'evt_f', invoiceId: 'in_f' } }]);
  });

  it('records a failed payment of a provider subscription the stream does not know yet', () => {
    given(history(checkout()))
      .when({ type: 'RecordPaymentFailure', providerEventId: 'evt_f', invoiceId: 'in_f', providerSubscriptionId: 'sub_1' })
      .thenMatches([{ type: 'SubscriptionRenewalFailed' }]);
  });

  it('changes no cancellation without a live subscription, nor one already as asked', () => {
    const cancel: SubscriptionCommand = { type: 'RecordCancellationChange', providerEventId: 'evt_c', cancelAtPeriodEnd: true, periodEnd: YEAR_LATER };
    given().when(cancel).thenNothing();
    given(paidThenExpired()).when(cancel, YEAR_LATER).thenNothing();
    given(paid())
      .when({ ...cancel, cancelAtPeriodEnd: false })
      .thenNothing();
  });

  it("keeps the subscription's end when the provider names none, and refuses one that is no date", () => {
    given(paid())
      .when({ type: 'RecordCancellationChange', providerEventId: 'evt_c', cancelAtPeriodEnd: true, periodEnd: null })
      .then([{ type: 'SubscriptionCancellationChanged', data: { providerEventId: 'evt_c', cancelAtPeriodEnd: true, periodEnd: YEAR_LATER.toISOString() } }]);
    given(paid())
      .when({ type: 'RecordCancellationChange', providerEventId: 'evt_c', cancelAtPeriodEnd: true, periodEnd: new Date('nope') })
      .thenThrows('validation', 'INVALID_PERIOD', 'The period end is not a valid date');
  });

  it('ends a live paid subscription when the provider ends it, at that moment', () => {
    given(paid())
      .when({ type: 'RecordProviderEnded', providerEventId: 'evt_end' })
      .then([{ type: 'SubscriptionExpired', data: { reason: 'provider_ended', endedAt: NOW.toISOString(), providerEventId: 'evt_end' } }]);
  });

  it("ends nothing that has already expired, nor an administrator's grant", () => {
    given(paidThenExpired()).when({ type: 'RecordProviderEnded', providerEventId: 'evt_end' }, YEAR_LATER).thenNothing();
    given(history({ type: 'Grant', reason: 'Volunteer' }))
      .when({ type: 'RecordProviderEnded', providerEventId: 'evt_end' })
      .thenNothing();
  });

  it('expires a year that ran out as of its end, however late the clock notices', () => {
    given(paid())
      .when({ type: 'ExpireIfDue' }, new Date(YEAR_LATER.getTime() + 3 * DAY))
      .then([{ type: 'SubscriptionExpired', data: { reason: 'period_ended', endedAt: YEAR_LATER.toISOString(), providerEventId: null } }]);
  });
});

describe('granting and revoking', () => {
  it('grants a year from now, with the reason trimmed', () => {
    given()
      .when({ type: 'Grant', reason: '  Volunteer ' })
      .then([{ type: 'SubscriptionGranted', data: { periodStart: NOW.toISOString(), periodEnd: new Date(NOW.getTime() + 365 * DAY).toISOString(), reason: 'Volunteer' } }]);
  });

  it('refuses a grant on top of an active subscription, and a revoke without one', () => {
    given(paid()).when({ type: 'Grant', reason: 'Volunteer' }).thenThrows('conflict', 'ALREADY_PREMIUM', 'This user already has an active subscription');
    given().when({ type: 'Revoke', reason: 'Mistake' }).thenThrows('conflict', 'NOT_PREMIUM', 'This user has no active subscription to revoke');
  });

  it('revokes now, with the reason trimmed', () => {
    given(paid())
      .when({ type: 'Revoke', reason: ' Chargeback  ' })
      .then([{ type: 'SubscriptionRevoked', data: { revokedAt: NOW.toISOString(), reason: 'Chargeback' } }]);
  });
});

describe('the subscription stream', () => {
  it('is one per user, named after them', () => {
    expect(Subscription.streamPrefix).toBe('subscription');
    expect(subscriptionStreamId('u-1')).toBe('subscription-u-1');
    expect(userIdOfSubscriptionStream('subscription-u-1')).toBe('u-1');
    expect(userIdOfSubscriptionStream(subscriptionStreamId('subscription-7'))).toBe('subscription-7');
  });
});
