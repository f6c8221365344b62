import { hasActiveSubscription, Subscription, subscriptionStreamId } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApplicationError } from '../../../platform/application-error';
import type { AggregateRepository } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';
import { atProvider } from '../payments/payment-errors';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/payment-gateway';

/** Before an account is erased: whatever the member still has running at the payment provider ends there. */
export class EndSubscriptionAtProvider {
  constructor(readonly userId: string) {}
}

export interface EndedAtProvider {
  /** A live card subscription was cancelled at the provider (never charged again). */
  readonly subscriptionCancelled: boolean;
  /** An open checkout was expired at the provider (it can no longer be paid). */
  readonly checkoutExpired: boolean;
}

/**
 * Cancels the member's live card subscription at once (also one set to end
 * at the period's end: it would otherwise renew nothing but still exist) and
 * expires a checkout still open, so an erased member is never charged. Safe
 * to repeat: the provider answers a cancelled subscription or an expired
 * checkout as done. A granted (free) subscription has nothing at the
 * provider. Nothing is appended to the member's Subscription stream: the
 * erasure removes the read model with the account, and the provider's later
 * notices about it name nobody we know.
 *
 * Refuses with 503 PAYMENTS_NOT_CONFIGURED when a card subscription is live
 * but this server has no provider keys, and 503 PAYMENTS_UNAVAILABLE when the
 * provider cannot be reached: the erasure must not go ahead and leave a
 * subscription charging someone who no longer has an account.
 */
@CommandHandler(EndSubscriptionAtProvider)
export class EndSubscriptionAtProviderHandler implements ICommandHandler<EndSubscriptionAtProvider, EndedAtProvider> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
  ) {}

  async execute({ userId }: EndSubscriptionAtProvider): Promise<EndedAtProvider> {
    const { state } = await this.repository.load(Subscription, subscriptionStreamId(userId));
    const now = new Date();
    const liveCard = state.source === 'payment' && state.providerSubscriptionId !== null && hasActiveSubscription(state, now);
    const openCheckout = state.openCheckout !== null && Date.parse(state.openCheckout.expiresAt) > now.getTime() ? state.openCheckout : null;
    if (!liveCard && !openCheckout) return { subscriptionCancelled: false, checkoutExpired: false };
    if (!this.payments) {
      if (!liveCard) return { subscriptionCancelled: false, checkoutExpired: false };
      throw new ApplicationError(
        'unavailable',
        'PAYMENTS_NOT_CONFIGURED',
        'This account has a subscription paid by card, and card payments are not configured on this server, so it cannot be cancelled with the payment provider. Nothing was deleted; please contact support.',
      );
    }
    const gateway = this.payments;
    if (openCheckout) await atProvider(() => gateway.expireCheckout(openCheckout.sessionId));
    if (liveCard && state.providerSubscriptionId !== null) {
      const subscriptionId = state.providerSubscriptionId;
      await atProvider(() => gateway.cancelSubscription(subscriptionId));
    }
    return { subscriptionCancelled: liveCard, checkoutExpired: openCheckout !== null };
  }
}
