import { Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contribute, LogReactor, WorkerClock } from '../../platform/contributions';
import type { Platform } from '../../platform/platform';
import { PLATFORM } from '../../platform/tokens';
import { EndSubscriptionAtProviderHandler } from './commands/end-subscription-at-provider.command';
import { OpenBillingPortalHandler } from './commands/open-billing-portal.command';
import { cancelAtProviderStep } from './erasure/cancel-at-provider.step';
import { RecordPaymentEventHandler } from './commands/record-payment-event.command';
import { StartSubscriptionCheckoutHandler } from './commands/start-subscription-checkout.command';
import { PAYMENT_GATEWAY } from './payments/payment-gateway';
import { paymentGatewayFor } from './payments/stripe-payment-gateway';
import { PaymentsWebhookController } from './payments-webhook.controller';
import { GetSubscriptionStatusHandler } from './queries/get-subscription-status.query';
import { GetSubscriptionTermsHandler } from './queries/get-subscription-terms.query';
import { subscriptionNoticesReactor } from './reactors/subscription-notices.reactor';
import { SubscriptionClock } from './subscription-clock';
import { subscriptionMail } from './subscription-mail';
import { SubscriptionPaymentsController } from './subscription-payments.controller';
import { SubscriptionsController } from './subscriptions.controller';

/**
 * Crew subscriptions: status, card checkout and the payment provider's
 * webhook, the clock that expires years and warns of trial ends, and their
 * mails. The payment gateway (null without Stripe keys) is exported: the
 * Help centre and the admin area read it.
 */
@Module({
  controllers: [SubscriptionsController, SubscriptionPaymentsController, PaymentsWebhookController],
  providers: [
    GetSubscriptionStatusHandler,
    GetSubscriptionTermsHandler,
    StartSubscriptionCheckoutHandler,
    OpenBillingPortalHandler,
    RecordPaymentEventHandler,
    EndSubscriptionAtProviderHandler,
    { provide: PAYMENT_GATEWAY, useFactory: (platform: Platform) => paymentGatewayFor(platform.config), inject: [PLATFORM] },
    {
      provide: SubscriptionClock,
      useFactory: (platform: Platform) => new SubscriptionClock(platform.dataSource, platform.repository, platform.jobQueue, platform.baseUrl, (m) => platform.logger.warn(m)),
      inject: [PLATFORM],
    },
    contribute('subscriptions.clock', (clock: SubscriptionClock) => new WorkerClock('subscription clock', clock), [SubscriptionClock]),
    contribute('subscriptions.mail', () => subscriptionMail),
    contribute('subscriptions.erasure', cancelAtProviderStep, [CommandBus]),
    contribute('subscriptions.notices', (platform: Platform) => new LogReactor(subscriptionNoticesReactor(platform.jobQueue, platform.baseUrl)), [PLATFORM]),
  ],
  exports: [PAYMENT_GATEWAY, SubscriptionClock],
})
export class SubscriptionsModule {}
