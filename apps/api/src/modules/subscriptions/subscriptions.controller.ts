import type { SubscriptionStatusResponse, SubscriptionTerms } from '@crew/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import type { PaymentGateway } from './payments/payment-gateway';
import { PAYMENT_GATEWAY } from './payments/payment-gateway';
import type { User } from '../accounts/user.entity';
import { GetSubscriptionStatus } from './queries/get-subscription-status.query';
import { GetSubscriptionTerms } from './queries/get-subscription-terms.query';

/** GET /api/subscription: may I apply, why, and my subscription. Payments live in payments/. */
@Controller('api/subscription')
export class SubscriptionsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
  ) {}

  /** Public: the Terms of Service page states the price and whether a subscription is required from this. */
  @Get('terms')
  terms(): Promise<SubscriptionTerms> {
    return this.queries.execute(new GetSubscriptionTerms(this.payments !== null));
  }

  @Get()
  @Authenticated()
  status(@CurrentUser() user: User): Promise<SubscriptionStatusResponse> {
    return this.queries.execute(new GetSubscriptionStatus(user.id, this.payments !== null));
  }
}
