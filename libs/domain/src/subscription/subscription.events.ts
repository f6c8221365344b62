import type { DomainEvent } from '../shared/event';

/**
 * A crew member's subscription, one stream per user. Money and access are
 * what people dispute, so every change is an event: ids, amounts (in pence),
 * currency, period dates and the payment provider's object ids, never card
 * data or personal data. Who acted (an administrator, or nobody for the
 * provider's webhook and the expiry clock) is in the metadata.
 */
export type SubscriptionCheckoutStarted = DomainEvent<
  'SubscriptionCheckoutStarted',
  {
    checkoutSessionId: string;
    priceGbp: number;
    currency: 'GBP';
    /** The provider's hosted page and when the provider expires it: a second checkout meanwhile answers this one. Absent in older events. */
    checkoutUrl?: string;
    expiresAt?: string;
  }
>;

/** The provider confirmed the first payment (signature-verified webhook). */
export type SubscriptionActivated = DomainEvent<
  'SubscriptionActivated',
  {
    providerEventId: string;
    /** The checkout this payment completed (null when a renewal is the first payment this stream hears of); absent in older events. */
    checkoutSessionId?: string | null;
    /** The provider's invoice (or, without one, the checkout session) of the payment; absent in older events. */
    invoiceId?: string;
    providerCustomerId: string;
    providerSubscriptionId: string;
    amountPaid: number;
    currency: string;
    periodStart: string;
    periodEnd: string;
  }
>;

/** A renewal invoice was paid: the period moves on (never back). */
export type SubscriptionRenewed = DomainEvent<
  'SubscriptionRenewed',
  { providerEventId: string; invoiceId: string; amountPaid: number; currency: string; periodStart: string; periodEnd: string }
>;

/**
 * A second provider subscription was paid for while another of the member's
 * was already live (two checkouts, two tabs): it was cancelled at the
 * provider and its payment refunded (refundId null: nothing could be
 * refunded), never recorded as a second activation.
 */
export type SubscriptionDuplicateRefunded = DomainEvent<
  'SubscriptionDuplicateRefunded',
  {
    providerEventId: string;
    checkoutSessionId: string | null;
    invoiceId: string;
    /** The extra subscription, cancelled. */
    providerSubscriptionId: string;
    /** The live subscription that was kept. */
    keptSubscriptionId: string | null;
    amountPaid: number;
    amountRefunded: number;
    currency: string;
    refundId: string | null;
  }
>;

export type SubscriptionRenewalFailed = DomainEvent<'SubscriptionRenewalFailed', { providerEventId: string; invoiceId: string }>;

/** The member asked (in the billing portal) to stop at the end of the paid year, or changed their mind. */
export type SubscriptionCancellationChanged = DomainEvent<'SubscriptionCancellationChanged', { providerEventId: string; cancelAtPeriodEnd: boolean; periodEnd: string }>;

/** Access ended: the paid or granted year ran out, or the provider ended the subscription. */
export type SubscriptionExpired = DomainEvent<'SubscriptionExpired', { reason: 'period_ended' | 'provider_ended'; endedAt: string; providerEventId: string | null }>;

export type SubscriptionGranted = DomainEvent<'SubscriptionGranted', { periodStart: string; periodEnd: string; reason: string }>;

export type SubscriptionRevoked = DomainEvent<'SubscriptionRevoked', { revokedAt: string; reason: string }>;

export type SubscriptionEvent =
  | SubscriptionCheckoutStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | SubscriptionDuplicateRefunded
  | SubscriptionRenewalFailed
  | SubscriptionCancellationChanged
  | SubscriptionExpired
  | SubscriptionGranted
  | SubscriptionRevoked;

export const subscriptionEventTypes = [
  'SubscriptionCheckoutStarted',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionDuplicateRefunded',
  'SubscriptionRenewalFailed',
  'SubscriptionCancellationChanged',
  'SubscriptionExpired',
  'SubscriptionGranted',
  'SubscriptionRevoked',
] as const satisfies readonly SubscriptionEvent['type'][];

export const isSubscriptionEvent = (event: DomainEvent): event is SubscriptionEvent => (subscriptionEventTypes as readonly string[]).includes(event.type);

export const subscriptionStreamId = (userId: string): string => `subscription-${userId}`;
export const userIdOfSubscriptionStream = (streamId: string): string => streamId.slice('subscription-'.length);
