import type { SubscriptionStatusResponse } from '@crew/contracts';
import { trialDaysLeft } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import { DATA_SOURCE } from '../../../platform/tokens';
import { accessOf, guidanceOf, hasLiveSubscription, loadAccessFacts } from '../subscription-access';

export class GetSubscriptionStatus {
  constructor(
    readonly userId: string,
    readonly paymentsConfigured: boolean,
  ) {}
}

/** The signed-in user's access to applying, why, and their subscription as the read model has it. */
@QueryHandler(GetSubscriptionStatus)
export class GetSubscriptionStatusHandler implements IQueryHandler<GetSubscriptionStatus, SubscriptionStatusResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId, paymentsConfigured }: GetSubscriptionStatus): Promise<SubscriptionStatusResponse> {
    const facts = await loadAccessFacts(this.dataSource, userId);
    if (!facts) throw new ApplicationError('not_found', 'USER_NOT_FOUND', 'User not found');
    const now = new Date();
    const decision = accessOf(userId, facts, now);
    const subscription = facts.subscription;
    const active = hasLiveSubscription(facts, now);
    // One status, from the access policy's one decision: the badge, the message and the next step never disagree.
    const display =
      decision.reason === 'premium' || (active && decision.reason !== 'skipper' && decision.reason !== 'admin') ? 'premium' : decision.reason === 'trial' ? 'trial' : 'free';
    const guidance = guidanceOf(decision, facts, paymentsConfigured);
    const trialEndsAt = decision.reason === 'trial' ? decision.trialEndsAt : null;
    return {
      can_apply: decision.canApply,
      reason: decision.reason,
      explanation: guidance.message,
      next_step: guidance.nextStep,
      display,
      trial_ends_at: trialEndsAt ? trialEndsAt.toISOString() : null,
      trial_days_left: trialEndsAt ? trialDaysLeft(trialEndsAt, now) : null,
      subscription: {
        // A live state past its end is reported as it will be once the expiry clock has run.
        state: subscription === null ? 'none' : !active && ['active', 'cancelling', 'payment_failed'].includes(subscription.state) ? 'expired' : subscription.state,
        source: subscription?.source ?? null,
        started_at: subscription ? subscription.startedAt.toISOString() : null,
        current_period_end: subscription ? subscription.periodEnd.toISOString() : null,
        cancel_at_period_end: active && subscription?.cancelAtPeriodEnd === true,
        has_billing_account: subscription?.providerCustomerId != null,
      },
      price_gbp: facts.priceGbp,
      currency: 'GBP',
      payments_configured: paymentsConfigured,
      monetization_enabled: facts.monetizationEnabled,
    };
  }
}
