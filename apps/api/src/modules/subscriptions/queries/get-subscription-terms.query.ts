import type { SubscriptionTerms } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { loadMonetizationTerms } from '../subscription-access';

/** The crew subscription as the Terms of Service state it, from the configuration now (the Help centre's answers read the same). */
export class GetSubscriptionTerms {
  constructor(readonly paymentsConfigured: boolean) {}
}

@QueryHandler(GetSubscriptionTerms)
export class GetSubscriptionTermsHandler implements IQueryHandler<GetSubscriptionTerms, SubscriptionTerms> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ paymentsConfigured }: GetSubscriptionTerms): Promise<SubscriptionTerms> {
    const terms = await loadMonetizationTerms(this.dataSource, paymentsConfigured);
    return {
      price_gbp: terms.priceGbp,
      subscription_required: terms.monetizationEnabled,
      rollout_percentage: terms.rolloutPercentage,
      free_trial_days: terms.freeTrialPeriodDays,
      payments_configured: terms.paymentsConfigured,
    };
  }
}
