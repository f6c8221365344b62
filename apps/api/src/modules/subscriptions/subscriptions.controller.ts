import type { SubscriptionStatusResponse } from '@crew/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import type { PaymentGateway } from './payments/payment-gateway';
import { PAYMENT_GATEWAY } from './payments/payment-gateway';
import type { User } from '../accounts/user.entity';
import { GetSubscriptionStatus } from './queries/get-subscription-status.query';

/** GET /api/subscription: may I apply, why, and my subscription. Payments live in payments/. */
@Controller('api/subscription')
export class SubscriptionsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
  ) {}

  @Get()
  @Authenticated()
  status(@CurrentUser() user: User): Promise<SubscriptionStatusResponse> {
    return this.queries.execute(new GetSubscriptionStatus(user.id, this.payments !== null));
  }
}
