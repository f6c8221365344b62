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
  { checkoutSessionId: string; priceGbp: number; currency: 'GBP' }
>;

/** The provider confirmed the first payment (signature-verified webhook). */
export type SubscriptionActivated = DomainEvent<
  'SubscriptionActivated',
  {
    providerEventId: string;
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

export type SubscriptionRenewalFailed = DomainEvent<'SubscriptionRenewalFailed', { providerEventId: string; invoiceId: string }>;

/** The member asked (in the billing portal) to stop at the end of the paid year, or changed their mind. */
export type SubscriptionCancellationChanged = DomainEvent<
  'SubscriptionCancellationChanged',
  { providerEventId: string; cancelAtPeriodEnd: boolean; periodEnd: string }
>;

/** Access ended: the paid or granted year ran out, or the provider ended the subscription. */
export type SubscriptionExpired = DomainEvent<
  'SubscriptionExpired',
  { reason: 'period_ended' | 'provider_ended'; endedAt: string; providerEventId: string | null }
>;

export type SubscriptionGranted = DomainEvent<'SubscriptionGranted', { periodStart: string; periodEnd: string; reason: string }>;

export type SubscriptionRevoked = DomainEvent<'SubscriptionRevoked', { revokedAt: string; reason: string }>;

export type SubscriptionEvent =
  | SubscriptionCheckoutStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | SubscriptionRenewalFailed
  | SubscriptionCancellationChanged
  | SubscriptionExpired
  | SubscriptionGranted
  | SubscriptionRevoked;

export const subscriptionEventTypes = [
  'SubscriptionCheckoutStarted',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionRenewalFailed',
  'SubscriptionCancellationChanged',
  'SubscriptionExpired',
  'SubscriptionGranted',
  'SubscriptionRevoked',
] as const satisfies readonly SubscriptionEvent['type'][];

export const isSubscriptionEvent = (event: DomainEvent): event is SubscriptionEvent =>
  (subscriptionEventTypes as readonly string[]).includes(event.type);

export const subscriptionStreamId = (userId: string): string => `subscription-${userId}`;
export const userIdOfSubscriptionStream = (streamId: string): string => streamId.slice('subscription-'.length);
