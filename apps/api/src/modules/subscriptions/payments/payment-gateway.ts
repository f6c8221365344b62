/**
 * The payment provider as the subscription use cases see it. The adapter
 * (stripe-payment-gateway.ts) turns the provider's objects into these plain,
 * validated values, so nothing past it reads a provider type and a second
 * provider would only need a second adapter.
 */
export interface PaymentGateway {
  /** A hosted checkout page for the annual subscription, open until the provider expires it. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Ends an open checkout so it can no longer be paid: 'expired' (also when it
   * had already expired or is gone), or 'complete' when it was paid meanwhile.
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  /** A hosted page where the member manages their card or cancels at the end of the paid year. */
  createPortal(request: { readonly customerId: string; readonly returnUrl: string }): Promise<{ readonly url: string }>;
  /** Checks the signature of a webhook delivery and reads it; throws InvalidSignatureError or InvalidPaymentEventError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** The paid period of a provider subscription as it stands now. */
  retrieveSubscriptionPeriod(subscriptionId: string): Promise<SubscriptionPeriod>;
  /** Ends a provider subscription at once, so it is never charged again (one already ended is fine). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Refunds in full what was paid for an invoice of a subscription (its latest
   * invoice when none is named), as a duplicate payment. Safe to repeat: a
   * payment already refunded answers its refund. Null when nothing was paid
   * that could be refunded.
   */
  refundPayment(request: { readonly invoiceId: string | null; readonly subscriptionId: string }): Promise<Refund | null>;
}

export interface CheckoutSession {
  readonly sessionId: string;
  readonly url: string;
  /** When the provider expires the session (Stripe: 24 hours after it opened). */
  readonly expiresAt: Date;
}

export interface Refund {
  readonly refundId: string;
  /** In the currency's minor unit (pence). */
  readonly amount: number;
  readonly currency: string;
}

export interface CheckoutRequest {
  readonly userId: string;
  /** The annual price in whole or decimal pounds (config `subscription_price_gbp`). */
  readonly priceGbp: number;
  /** The member's billing account from an earlier subscription, so the provider keeps one customer per member. */
  readonly customerId: string | null;
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface SubscriptionPeriod {
  readonly start: Date;
  readonly end: Date;
}

/** Who a provider event is about, as the provider knows them. */
export interface PaymentParty {
  /** Our user id as we gave it to the provider (metadata or client reference), if the event carries it. */
  readonly userId: string | null;
  readonly customerId: string | null;
}

/** A provider event, reduced to what the Subscription aggregate needs. */
export type PaymentEvent = { readonly eventId: string; readonly party: PaymentParty } & (
  | {
      readonly kind: 'checkout_completed';
      readonly checkoutSessionId: string;
      /** The session's first invoice (null if the provider named none). */
      readonly invoiceId: string | null;
      readonly customerId: string;
      readonly subscriptionId: string;
      /** In the currency's minor unit (pence). */
      readonly amountPaid: number;
      readonly currency: string;
    }
  | {
      readonly kind: 'renewal_paid';
      readonly invoiceId: string;
      readonly customerId: string;
      readonly subscriptionId: string;
      readonly amountPaid: number;
      readonly currency: string;
      readonly period: SubscriptionPeriod;
    }
  /** subscriptionId: the provider subscription the event is about (null if it names none). */
  | { readonly kind: 'payment_failed'; readonly invoiceId: string; readonly subscriptionId: string | null }
  | { readonly kind: 'cancellation_changed'; readonly cancelAtPeriodEnd: boolean; readonly periodEnd: Date | null; readonly subscriptionId: string | null }
  | { readonly kind: 'subscription_ended'; readonly subscriptionId: string | null }
  /** Anything else the provider sends: acknowledged, nothing recorded. */
  | { readonly kind: 'ignored'; readonly type: string }
);

/** The Stripe-Signature header is missing or does not match the body and the webhook secret. */
export class InvalidSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}

/** A signed event whose content is not what the provider promises (a missing id, a date that is not one). */
export class InvalidPaymentEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPaymentEventError';
  }
}

/** The token of the card payment provider (PaymentGateway), or null when its keys are not set (provided by SubscriptionsModule). */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
