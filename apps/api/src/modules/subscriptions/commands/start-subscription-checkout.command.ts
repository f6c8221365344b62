import { checkoutStanding, Subscription, subscriptionStreamId } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { AGGREGATE_REPOSITORY, DATA_SOURCE, PLATFORM } from '../../../platform/tokens';
import { PAYMENT_GATEWAY } from '../payments/payment-gateway';
import type { UserType } from '../../accounts/user.entity';
import { billingAccountOf, currentPriceGbp } from '../billing-account';
import { atProvider, requirePayments } from '../payments/payment-errors';
import type { PaymentGateway } from '../payments/payment-gateway';

export class StartSubscriptionCheckout {
  constructor(
    readonly member: { readonly id: string; readonly userType: UserType; readonly isAdmin: boolean },
    readonly metadata: CommandMetadata,
  ) {}
}

/**
 * Opens the provider's checkout for the annual subscription at today's price
 * and records that it started. Nothing is active yet: only the provider's
 * signed webhook activates (docs/environment.md, STRIPE_WEBHOOK_SECRET), never the redirect back to us.
 *
 * A member has one checkout to pay at a time: while their earlier one is
 * open at the provider (same price, not about to expire) it is answered
 * again; one that no longer fits is expired at the provider before another
 * opens; and when two requests race, the one recorded first stands and the
 * other's session is expired. A subscribed member gets 409.
 */
@CommandHandler(StartSubscriptionCheckout)
export class StartSubscriptionCheckoutHandler implements ICommandHandler<StartSubscriptionCheckout, { checkoutUrl: string }> {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ member, metadata }: StartSubscriptionCheckout): Promise<{ checkoutUrl: string }> {
    if (member.isAdmin || member.userType === 'admin' || member.userType === 'skipper') {
      throw new ApplicationError('forbidden', 'NOT_CREW', 'Skipper and administrator accounts never need a subscription');
    }
    const gateway = requirePayments(this.payments);
    const streamId = subscriptionStreamId(member.id);
    const [{ state }, priceGbp, storedAccount] = await Promise.all([
      this.repository.load(Subscription, streamId),
      currentPriceGbp(this.dataSource),
      billingAccountOf(this.dataSource, member.id),
    ]);
    // The aggregate's own rules (already subscribed: 409) before the provider opens a session nobody should pay.
    const standing = checkoutStanding(state, priceGbp, new Date());
    if (standing.reuse) return { checkoutUrl: standing.reuse.url };
    const replaced = standing.replaces;
    if (replaced && (await atProvider(() => gateway.expireCheckout(replaced.sessionId))) === 'complete') {
      throw new ApplicationError('conflict', 'CHECKOUT_COMPLETED', 'Your payment is being confirmed: your subscription starts as soon as the payment provider confirms it');
    }
    const session = await atProvider(() =>
      gateway.createCheckout({
        userId: member.id,
        priceGbp,
        customerId: storedAccount ?? state.providerCustomerId,
        successUrl: `${this.platform.baseUrl}/subscription?checkout=success`,
        cancelUrl: `${this.platform.baseUrl}/subscription?checkout=cancelled`,
      }),
    );
    const outcome = await this.repository.execute(
      Subscription,
      streamId,
      { type: 'StartCheckout', checkoutSessionId: session.sessionId, priceGbp, checkoutUrl: session.url, expiresAt: session.expiresAt },
      metadata,
    );
    const open = outcome.state.openCheckout;
    if (open && open.sessionId !== session.sessionId) {
      // Another request's checkout was recorded first: that one is answered, ours must never be paid.
      await atProvider(() => gateway.expireCheckout(session.sessionId)).catch(() => undefined);
      return { checkoutUrl: open.url };
    }
    return { checkoutUrl: session.url };
  }
}
