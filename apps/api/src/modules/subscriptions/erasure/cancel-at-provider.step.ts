import type { CommandBus } from '@nestjs/cqrs';
import { AccountErasureStep, type AccountErasure } from '../../../platform/contributions';
import { EndSubscriptionAtProvider, type EndedAtProvider } from '../commands/end-subscription-at-provider.command';

/**
 * The subscriptions context's part in erasing an account: a live card
 * subscription is cancelled at the payment provider and an open checkout
 * expired (EndSubscriptionAtProvider), so the member is never charged again;
 * the subscription's read model row goes with the account row. Reports 1
 * subscription when one was cancelled.
 */
export const cancelAtProvider = (commands: CommandBus): AccountErasure => ({
  async erase({ userId }) {
    const ended = await commands.execute<EndSubscriptionAtProvider, EndedAtProvider>(new EndSubscriptionAtProvider(userId));
    return { subscriptions: ended.subscriptionCancelled ? 1 : 0 };
  },
});

/** In the `records` stage, while the account (and its billing account) still exists. */
export const cancelAtProviderStep = (commands: CommandBus): AccountErasureStep => new AccountErasureStep('subscriptions', 'records', cancelAtProvider(commands));
