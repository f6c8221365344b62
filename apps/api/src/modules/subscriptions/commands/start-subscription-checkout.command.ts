import { decideSubscription, Subscription, subscriptionStreamId } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApiError } from '../../../platform/http/api-error';
import type { Runtime } from '../../../platform/runtime';
import { AGGREGATE_REPOSITORY, DATA_SOURCE, PAYMENT_GATEWAY, RUNTIME } from '../../../platform/tokens';
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
 * signed webhook activates (PRODUCT.md), never the redirect back to us.
 */
@CommandHandler(StartSubscriptionCheckout)
export class StartSubscriptionCheckoutHandler implements ICommandHandler<StartSubscriptionCheckout, { checkoutUrl: string }> {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async execute({ member, metadata }: StartSubscriptionCheckout): Promise<{ checkoutUrl: string }> {
    if (member.isAdmin || member.userType === 'admin' || member.userType === 'skipper') {
      throw new ApiError(403, 'NOT_CREW', 'Skipper and administrator accounts never need a subscription');
    }
    const gateway = requirePayments(this.payments);
    const streamId = subscriptionStreamId(member.id);
    const [{ state }, priceGbp, storedAccount] = await Promise.all([
      this.repository.load(Subscription, streamId),
      currentPriceGbp(this.dataSource),
      billingAccountOf(this.dataSource, member.id),
    ]);
    // The aggregate's own rules (already subscribed: 409) before the provider opens a session nobody should pay.
    decideSubscription({ type: 'StartCheckout', checkoutSessionId: 'not_yet_created', priceGbp }, state, new Date());
    const session = await atProvider(() =>
      gateway.createCheckout({
        userId: member.id,
        priceGbp,
        customerId: storedAccount ?? state.providerCustomerId,
        successUrl: `${this.runtime.baseUrl}/subscription?checkout=success`,
        cancelUrl: `${this.runtime.baseUrl}/subscription?checkout=cancelled`,
      }),
    );
    await this.repository.execute(Subscription, streamId, { type: 'StartCheckout', checkoutSessionId: session.sessionId, priceGbp }, metadata);
    return { checkoutUrl: session.url };
  }
}
