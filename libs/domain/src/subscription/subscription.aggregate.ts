import type { Aggregate } from '../shared/aggregate';
import { reject } from '../shared/result';
import { isSubscriptionEvent, type SubscriptionEvent } from './subscription.events';

/** Where a member's subscription stands. */
export type SubscriptionStateName = 'none' | 'checkout_pending' | 'active' | 'payment_failed' | 'cancelling' | 'expired' | 'revoked';

export interface SubscriptionState {
  readonly state: SubscriptionStateName;
  readonly source: 'payment' | 'admin' | null;
  readonly startedAt: string | null;
  /** End of the paid or granted year; access lasts until then while the state is active, cancelling or payment_failed. */
  readonly periodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly providerCustomerId: string | null;
  readonly providerSubscriptionId: string | null;
  /** Provider events already applied: a webhook delivered twice changes nothing the second time. */
  readonly providerEvents: readonly string[];
}

/** A granted subscription runs for a year, like a paid one. */
export const GRANT_DAYS = 365;
const DAY_MS = 86_400_000;

export type SubscriptionCommand =
  | { readonly type: 'StartCheckout'; readonly checkoutSessionId: string; readonly priceGbp: number }
  | {
      readonly type: 'RecordPayment';
      readonly providerEventId: string;
      /** First payment of a checkout, or a renewal invoice. */
      readonly kind: 'activation' | 'renewal';
      readonly invoiceId: string;
      readonly providerCustomerId: string;
      readonly providerSubscriptionId: string;
      readonly amountPaid: number;
      readonly currency: string;
      readonly periodStart: Date;
      readonly periodEnd: Date;
    }
  | { readonly type: 'RecordPaymentFailure'; readonly providerEventId: string; readonly invoiceId: string }
  | { readonly type: 'RecordCancellationChange'; readonly providerEventId: string; readonly cancelAtPeriodEnd: boolean; readonly periodEnd: Date | null }
  | { readonly type: 'RecordProviderEnded'; readonly providerEventId: string }
  | { readonly type: 'ExpireIfDue' }
  | { readonly type: 'Grant'; readonly reason: string }
  | { readonly type: 'Revoke'; readonly reason: string };

export const initialSubscriptionState = (): SubscriptionState => ({
  state: 'none',
  source: null,
  startedAt: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  providerCustomerId: null,
  providerSubscriptionId: null,
  providerEvents: [],
});

const LIVE_STATES: readonly SubscriptionStateName[] = ['active', 'cancelling', 'payment_failed'];

/** Whether the subscription gives access at `now`: live and inside its paid or granted year. */
export const hasActiveSubscription = (state: Pick<SubscriptionState, 'state' | 'periodEnd'>, now: Date): boolean =>
  LIVE_STATES.includes(state.state) && state.periodEnd !== null && Date.parse(state.periodEnd) > now.getTime();

const later = (a: string | null, b: string): string => (a !== null && Date.parse(a) > Date.parse(b) ? a : b);
const seen = (state: SubscriptionState, providerEventId: string | null): readonly string[] =>
  providerEventId === null || state.providerEvents.includes(providerEventId) ? state.providerEvents : [...state.providerEvents, providerEventId];

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionCheckoutStarted':
      return LIVE_STATES.includes(state.state) ? state : { ...state, state: 'checkout_pending' };
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed': {
      const activation = event.type === 'SubscriptionActivated';
      return {
        ...state,
        state: state.cancelAtPeriodEnd && state.state === 'cancelling' ? 'cancelling' : 'active',
        source: 'payment',
        startedAt: state.startedAt !== null && LIVE_STATES.includes(state.state) ? state.startedAt : event.data.periodStart,
        periodEnd: later(LIVE_STATES.includes(state.state) ? state.periodEnd : null, event.data.periodEnd),
        providerCustomerId: activation ? event.data.providerCustomerId : state.providerCustomerId,
        providerSubscriptionId: activation ? event.data.providerSubscriptionId : state.providerSubscriptionId,
        providerEvents: seen(state, event.data.providerEventId),
      };
    }
    case 'SubscriptionRenewalFailed':
      return { ...state, state: LIVE_STATES.includes(state.state) ? 'payment_failed' : state.state, providerEvents: seen(state, event.data.providerEventId) };
    case 'SubscriptionCancellationChanged':
      return {
        ...state,
        state: LIVE_STATES.includes(state.state) ? (event.data.cancelAtPeriodEnd ? 'cancelling' : 'active') : state.state,
        cancelAtPeriodEnd: event.data.cancelAtPeriodEnd,
        periodEnd: LIVE_STATES.includes(state.state) ? later(state.periodEnd, event.data.periodEnd) : state.periodEnd,
        providerEvents: seen(state, event.data.providerEventId),
      };
    case 'SubscriptionExpired':
      return { ...state, state: 'expired', cancelAtPeriodEnd: false, providerEvents: seen(state, event.data.providerEventId) };
    case 'SubscriptionGranted':
      return { ...state, state: 'active', source: 'admin', startedAt: event.data.periodStart, periodEnd: event.data.periodEnd, cancelAtPeriodEnd: false };
    case 'SubscriptionRevoked':
      return { ...state, state: 'revoked', periodEnd: event.data.revokedAt, cancelAtPeriodEnd: false };
  }
}

/** Provider dates the read model can store and a member can read: years 2000 to 9999. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);

const validDate = (value: Date, what: string): string => {
  const time = value.getTime();
  if (!Number.isFinite(time) || time < EARLIEST || time >= LATEST) reject('validation', 'INVALID_PERIOD', `The ${what} is not a valid date`);
  return value.toISOString();
};

export function decideSubscription(command: SubscriptionCommand, state: SubscriptionState, now: Date): SubscriptionEvent[] {
  const active = hasActiveSubscription(state, now);
  switch (command.type) {
    case 'StartCheckout':
      if (active) reject('conflict', 'ALREADY_SUBSCRIBED', 'Your subscription is already active');
      if (!Number.isFinite(command.priceGbp) || command.priceGbp <= 0) reject('validation', 'INVALID_PRICE', 'The subscription price is not set');
      return [{ type: 'SubscriptionCheckoutStarted', data: { checkoutSessionId: command.checkoutSessionId, priceGbp: command.priceGbp, currency: 'GBP' } }];
    case 'RecordPayment': {
      if (state.providerEvents.includes(command.providerEventId)) return [];
      const periodStart = validDate(command.periodStart, 'period start');
      const periodEnd = validDate(command.periodEnd, 'period end');
      if (Date.parse(periodEnd) <= Date.parse(periodStart)) reject('validation', 'INVALID_PERIOD', 'The paid period ends before it starts');
      if (!Number.isInteger(command.amountPaid) || command.amountPaid < 0) reject('validation', 'INVALID_AMOUNT', 'The amount paid is not a whole number of pence');
      if (!/^[a-z]{3}$/i.test(command.currency)) reject('validation', 'INVALID_CURRENCY', 'The currency is not a three-letter code');
      const currency = command.currency.toUpperCase();
      // A first payment (or a renewal of a subscription this stream does not know yet) activates; later ones renew.
      if (command.kind === 'activation' || !LIVE_STATES.includes(state.state) || state.providerSubscriptionId !== command.providerSubscriptionId) {
        return [
          {
            type: 'SubscriptionActivated',
            data: {
              providerEventId: command.providerEventId,
              providerCustomerId: command.providerCustomerId,
              providerSubscriptionId: command.providerSubscriptionId,
              amountPaid: command.amountPaid,
              currency,
              periodStart,
              periodEnd,
            },
          },
        ];
      }
      // The provider announces one paid invoice more than once (invoice.paid and invoice.payment_succeeded): a year already paid for is not renewed again.
      if (state.periodEnd !== null && Date.parse(periodEnd) <= Date.parse(state.periodEnd)) return [];
      return [
        { type: 'SubscriptionRenewed', data: { providerEventId: command.providerEventId, invoiceId: command.invoiceId, amountPaid: command.amountPaid, currency, periodStart, periodEnd } },
      ];
    }
    case 'RecordPaymentFailure':
      if (state.providerEvents.includes(command.providerEventId)) return [];
      return [{ type: 'SubscriptionRenewalFailed', data: { providerEventId: command.providerEventId, invoiceId: command.invoiceId } }];
    case 'RecordCancellationChange':
      if (state.providerEvents.includes(command.providerEventId) || !LIVE_STATES.includes(state.state)) return [];
      if (command.cancelAtPeriodEnd === state.cancelAtPeriodEnd) return [];
      return [
        {
          type: 'SubscriptionCancellationChanged',
          data: {
            providerEventId: command.providerEventId,
            cancelAtPeriodEnd: command.cancelAtPeriodEnd,
            periodEnd: command.periodEnd ? validDate(command.periodEnd, 'period end') : (state.periodEnd ?? now.toISOString()),
          },
        },
      ];
    case 'RecordProviderEnded':
      if (state.providerEvents.includes(command.providerEventId) || !LIVE_STATES.includes(state.state) || state.source !== 'payment') return [];
      return [{ type: 'SubscriptionExpired', data: { reason: 'provider_ended', endedAt: now.toISOString(), providerEventId: command.providerEventId } }];
    case 'ExpireIfDue':
      if (!LIVE_STATES.includes(state.state) || active) return [];
      return [{ type: 'SubscriptionExpired', data: { reason: 'period_ended', endedAt: state.periodEnd ?? now.toISOString(), providerEventId: null } }];
    case 'Grant':
      if (active) reject('conflict', 'ALREADY_PREMIUM', 'This user already has an active subscription');
      return [
        {
          type: 'SubscriptionGranted',
          data: { periodStart: now.toISOString(), periodEnd: new Date(now.getTime() + GRANT_DAYS * DAY_MS).toISOString(), reason: command.reason.trim() },
        },
      ];
    case 'Revoke':
      if (!active) reject('conflict', 'NOT_PREMIUM', 'This user has no active subscription to revoke');
      return [{ type: 'SubscriptionRevoked', data: { revokedAt: now.toISOString(), reason: command.reason.trim() } }];
  }
}

export const Subscription: Aggregate<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  streamPrefix: 'subscription',
  initialState: initialSubscriptionState,
  evolve: evolveSubscription,
  decide: decideSubscription,
  isEvent: isSubscriptionEvent,
  stateVersion: 1,
};
