import type { SubscriptionStateName } from '@crew/rules';
import type { Aggregate } from '../shared/aggregate';
import { reject } from '../shared/result';
import { isSubscriptionEvent, type SubscriptionEvent } from './subscription.events';

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
  /**
   * Checkout sessions and invoices whose payment is recorded (as a payment or
   * a refunded duplicate): the same payment announced under another event id
   * changes nothing.
   */
  readonly paymentRefs: readonly string[];
  /** The member's checkout still open at the provider, handed out again instead of opening a second one. */
  readonly openCheckout: OpenCheckout | null;
}

export interface OpenCheckout {
  readonly sessionId: string;
  readonly url: string;
  /** When the provider expires the session (ISO). */
  readonly expiresAt: string;
  readonly priceGbp: number;
}

/** A granted subscription runs for a year, like a paid one. */
export const GRANT_DAYS = 365;
const DAY_MS = 86_400_000;

export type SubscriptionCommand =
  | {
      readonly type: 'StartCheckout';
      readonly checkoutSessionId: string;
      readonly priceGbp: number;
      readonly checkoutUrl: string;
      /** When the provider expires the session. */
      readonly expiresAt: Date;
    }
  | {
      readonly type: 'RecordPayment';
      readonly providerEventId: string;
      /** First payment of a checkout, or a renewal invoice. */
      readonly kind: 'activation' | 'renewal';
      /** The checkout an activation completes; absent for renewals. */
      readonly checkoutSessionId?: string | null;
      readonly invoiceId: string;
      readonly providerCustomerId: string;
      readonly providerSubscriptionId: string;
      readonly amountPaid: number;
      readonly currency: string;
      readonly periodStart: Date;
      readonly periodEnd: Date;
    }
  | {
      /** A payment for a second provider subscription while another was live: already cancelled and refunded at the provider. */
      readonly type: 'RecordDuplicateRefund';
      readonly providerEventId: string;
      readonly checkoutSessionId: string | null;
      readonly invoiceId: string;
      readonly providerSubscriptionId: string;
      readonly amountPaid: number;
      readonly currency: string;
      /** What the provider refunded, or null when there was nothing it could refund. */
      readonly refund: { readonly refundId: string; readonly amount: number } | null;
    }
  /** providerSubscriptionId: which provider subscription the event is about, when it says; one that is not the member's live one changes nothing. */
  | { readonly type: 'RecordPaymentFailure'; readonly providerEventId: string; readonly invoiceId: string; readonly providerSubscriptionId?: string | null }
  | {
      readonly type: 'RecordCancellationChange';
      readonly providerEventId: string;
      readonly cancelAtPeriodEnd: boolean;
      readonly periodEnd: Date | null;
      readonly providerSubscriptionId?: string | null;
    }
  | { readonly type: 'RecordProviderEnded'; readonly providerEventId: string; readonly providerSubscriptionId?: string | null }
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
  paymentRefs: [],
  openCheckout: null,
});

const LIVE_STATES: readonly SubscriptionStateName[] = ['active', 'cancelling', 'payment_failed'];

/** Whether the subscription gives access at `now`: live and inside its paid or granted year. */
export const hasActiveSubscription = (state: Pick<SubscriptionState, 'state' | 'periodEnd'>, now: Date): boolean =>
  LIVE_STATES.includes(state.state) && state.periodEnd !== null && Date.parse(state.periodEnd) > now.getTime();

const later = (a: string | null, b: string): string => (a !== null && Date.parse(a) > Date.parse(b) ? a : b);
const seen = (state: SubscriptionState, providerEventId: string | null): readonly string[] =>
  providerEventId === null || state.providerEvents.includes(providerEventId) ? state.providerEvents : [...state.providerEvents, providerEventId];
const withRefs = (state: SubscriptionState, ...refs: (string | null | undefined)[]): readonly string[] => {
  const added = refs.filter((ref): ref is string => typeof ref === 'string' && ref.length > 0 && !state.paymentRefs.includes(ref));
  // Stryker disable next-line ConditionalExpression: with nothing added, a copy of the references equals them
  return added.length === 0 ? state.paymentRefs : [...state.paymentRefs, ...new Set(added)];
};

/** An open checkout is handed out again only while the member still has this long to pay on it. */
export const CHECKOUT_REUSE_MARGIN_MS = 5 * 60_000;

/**
 * What a checkout request gets: refused while subscribed (409), else the
 * member's open checkout again (same price, not about to expire), else a new
 * one, replacing (after the provider has expired it) an open one that no
 * longer fits. One member never has two checkouts to pay at once.
 */
export type CheckoutStanding = { readonly reuse: OpenCheckout } | { readonly reuse: null; readonly replaces: OpenCheckout | null };

export function checkoutStanding(state: SubscriptionState, priceGbp: number, now: Date): CheckoutStanding {
  if (hasActiveSubscription(state, now)) reject('conflict', 'ALREADY_SUBSCRIBED', 'Your subscription is already active');
  if (!Number.isFinite(priceGbp) || priceGbp <= 0) reject('validation', 'INVALID_PRICE', 'The subscription price is not set');
  const open = state.openCheckout;
  if (open === null || Date.parse(open.expiresAt) <= now.getTime()) return { reuse: null, replaces: null };
  if (open.priceGbp === priceGbp && Date.parse(open.expiresAt) - now.getTime() > CHECKOUT_REUSE_MARGIN_MS) return { reuse: open };
  return { reuse: null, replaces: open };
}

/** An event about a provider subscription other than the member's current one (a cancelled duplicate): it changes nothing. */
const aboutAnother = (state: SubscriptionState, providerSubscriptionId: string | null | undefined): boolean =>
  typeof providerSubscriptionId === 'string' && state.providerSubscriptionId !== null && state.providerSubscriptionId !== providerSubscriptionId;

/** The provider's references of one payment. */
export interface PaymentReference {
  readonly providerEventId: string;
  readonly checkoutSessionId?: string | null;
  readonly invoiceId: string;
  readonly providerSubscriptionId: string;
}

/**
 * A payment the provider announces: already recorded (by event id, checkout
 * session or invoice), a duplicate (another provider subscription of the
 * member's is paid and live: this one is to be cancelled and refunded,
 * never a second activation), or new.
 */
export function paymentStanding(state: SubscriptionState, payment: PaymentReference, now: Date): 'recorded' | 'duplicate' | 'new' {
  // Stryker disable next-line MethodExpression,ConditionalExpression: the recorded references are all strings, so an absent one never matches anyway
  const refs = [payment.invoiceId, payment.checkoutSessionId].filter((ref): ref is string => typeof ref === 'string');
  if (state.providerEvents.includes(payment.providerEventId) || refs.some((ref) => state.paymentRefs.includes(ref))) return 'recorded';
  const otherLive =
    state.source === 'payment' && hasActiveSubscription(state, now) && state.providerSubscriptionId !== null && state.providerSubscriptionId !== payment.providerSubscriptionId;
  return otherLive ? 'duplicate' : 'new';
}

export function evolveSubscription(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionCheckoutStarted': {
      const { checkoutSessionId, checkoutUrl, expiresAt, priceGbp } = event.data;
      const openCheckout = checkoutUrl !== undefined && expiresAt !== undefined ? { sessionId: checkoutSessionId, url: checkoutUrl, expiresAt, priceGbp } : null;
      return { ...state, state: LIVE_STATES.includes(state.state) ? state.state : 'checkout_pending', openCheckout };
    }
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed': {
      const activation = event.type === 'SubscriptionActivated';
      // Another provider subscription than the one held (bought after the last ran out): a fresh year, not a renewal.
      const fresh = activation && state.providerSubscriptionId !== null && event.data.providerSubscriptionId !== state.providerSubscriptionId;
      const live = !fresh && LIVE_STATES.includes(state.state);
      return {
        ...state,
        // A cancellation asked for stands through a failed and then paid renewal: the year still ends there.
        state: live && state.cancelAtPeriodEnd ? 'cancelling' : 'active',
        cancelAtPeriodEnd: live && state.cancelAtPeriodEnd,
        source: 'payment',
        startedAt: state.startedAt !== null && live ? state.startedAt : event.data.periodStart,
        periodEnd: later(live ? state.periodEnd : null, event.data.periodEnd),
        providerCustomerId: activation ? event.data.providerCustomerId : state.providerCustomerId,
        providerSubscriptionId: activation ? event.data.providerSubscriptionId : state.providerSubscriptionId,
        providerEvents: seen(state, event.data.providerEventId),
        paymentRefs: activation ? withRefs(state, event.data.checkoutSessionId, event.data.invoiceId) : withRefs(state, event.data.invoiceId),
        openCheckout: activation ? null : state.openCheckout,
      };
    }
    case 'SubscriptionDuplicateRefunded':
      return {
        ...state,
        providerEvents: seen(state, event.data.providerEventId),
        paymentRefs: withRefs(state, event.data.checkoutSessionId, event.data.invoiceId),
        openCheckout: state.openCheckout?.sessionId === event.data.checkoutSessionId ? null : state.openCheckout,
      };
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
  if (!Number.isFinite(time) || time < EARLIEST || time >= LATEST) reject('validation', 'INVALID_PERIOD', 'The {what} is not a valid date', { what });
  return value.toISOString();
};

export function decideSubscription(command: SubscriptionCommand, state: SubscriptionState, now: Date): SubscriptionEvent[] {
  const active = hasActiveSubscription(state, now);
  switch (command.type) {
    case 'StartCheckout': {
      // Another request opened a checkout meanwhile: that one stands (the caller expires its own).
      if (checkoutStanding(state, command.priceGbp, now).reuse !== null) return [];
      const expiresAt = validDate(command.expiresAt, 'checkout expiry');
      if (Date.parse(expiresAt) <= now.getTime()) reject('validation', 'INVALID_CHECKOUT', 'The checkout has already expired');
      if (command.checkoutUrl.length === 0) reject('validation', 'INVALID_CHECKOUT', 'The checkout has no page');
      return [
        {
          type: 'SubscriptionCheckoutStarted',
          data: { checkoutSessionId: command.checkoutSessionId, priceGbp: command.priceGbp, currency: 'GBP', checkoutUrl: command.checkoutUrl, expiresAt },
        },
      ];
    }
    case 'RecordPayment': {
      const standing = paymentStanding(state, command, now);
      if (standing === 'recorded') return [];
      if (standing === 'duplicate') {
        reject('conflict', 'DUPLICATE_SUBSCRIPTION', 'Another subscription of this member is already paid for: this one is to be cancelled and refunded');
      }
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
              checkoutSessionId: command.checkoutSessionId ?? null,
              invoiceId: command.invoiceId,
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
        {
          type: 'SubscriptionRenewed',
          data: { providerEventId: command.providerEventId, invoiceId: command.invoiceId, amountPaid: command.amountPaid, currency, periodStart, periodEnd },
        },
      ];
    }
    case 'RecordDuplicateRefund': {
      // Recorded whatever the state says now: the provider has already cancelled and refunded.
      if (paymentStanding(state, command, now) === 'recorded') return [];
      const amountRefunded = command.refund?.amount ?? 0;
      for (const amount of [command.amountPaid, amountRefunded]) {
        if (!Number.isInteger(amount) || amount < 0) reject('validation', 'INVALID_AMOUNT', 'The amount is not a whole number of pence');
      }
      if (!/^[a-z]{3}$/i.test(command.currency)) reject('validation', 'INVALID_CURRENCY', 'The currency is not a three-letter code');
      return [
        {
          type: 'SubscriptionDuplicateRefunded',
          data: {
            providerEventId: command.providerEventId,
            checkoutSessionId: command.checkoutSessionId,
            invoiceId: command.invoiceId,
            providerSubscriptionId: command.providerSubscriptionId,
            keptSubscriptionId: state.source === 'payment' ? state.providerSubscriptionId : null,
            amountPaid: command.amountPaid,
            amountRefunded,
            currency: command.currency.toUpperCase(),
            refundId: command.refund?.refundId ?? null,
          },
        },
      ];
    }
    case 'RecordPaymentFailure':
      if (state.providerEvents.includes(command.providerEventId) || aboutAnother(state, command.providerSubscriptionId)) return [];
      return [{ type: 'SubscriptionRenewalFailed', data: { providerEventId: command.providerEventId, invoiceId: command.invoiceId } }];
    case 'RecordCancellationChange':
      if (state.providerEvents.includes(command.providerEventId) || !LIVE_STATES.includes(state.state)) return [];
      if (command.cancelAtPeriodEnd === state.cancelAtPeriodEnd || aboutAnother(state, command.providerSubscriptionId)) return [];
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
      if (aboutAnother(state, command.providerSubscriptionId)) return [];
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
  // 2: payment references and the open checkout.
  stateVersion: 3,
};
