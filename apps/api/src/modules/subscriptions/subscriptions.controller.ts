import type { SubscriptionStatusResponse } from '@crew/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import type { Runtime } from '../../platform/runtime';
import { RUNTIME } from '../../platform/tokens';
import type { User } from '../accounts/user.entity';
import { GetSubscriptionStatus } from './queries/get-subscription-status.query';

/** GET /api/subscription: may I apply, why, and my subscription. Payments live in payments/. */
@Controller('api/subscription')
export class SubscriptionsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  @Get()
  @Authenticated()
  status(@CurrentUser() user: User): Promise<SubscriptionStatusResponse> {
    return this.queries.execute(new GetSubscriptionStatus(user.id, this.runtime.payments !== null));
  }
}
