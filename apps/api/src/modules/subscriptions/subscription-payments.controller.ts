import type { BillingPortalResponse, CheckoutResponse } from '@crew/contracts';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { Authenticated, CurrentUser } from '../../platform/auth/auth.guard';
import { commandMetadataOf } from '../../platform/event-store/aggregate-repository';
import type { User } from '../accounts/user.entity';
import { OpenBillingPortal } from './commands/open-billing-portal.command';
import { StartSubscriptionCheckout } from './commands/start-subscription-checkout.command';

/** Paying for the annual crew subscription: the provider's checkout and billing portal. */
@Controller('api/subscription')
export class SubscriptionPaymentsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('checkout')
  @HttpCode(200)
  @Authenticated()
  async checkout(@CurrentUser() user: User, @Req() request: FastifyRequest): Promise<CheckoutResponse> {
    const member = { id: user.id, userType: user.userType, isAdmin: user.isAdmin };
    const session: { checkoutUrl: string } = await this.commands.execute(new StartSubscriptionCheckout(member, commandMetadataOf(user, request)));
    return { checkout_url: session.checkoutUrl };
  }

  @Post('portal')
  @HttpCode(200)
  @Authenticated()
  async portal(@CurrentUser() user: User): Promise<BillingPortalResponse> {
    const portal: { portalUrl: string } = await this.commands.execute(new OpenBillingPortal(user.id));
    return { portal_url: portal.portalUrl };
  }
}
