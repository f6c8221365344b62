import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import type { Platform } from '../../../platform/platform';
import { DATA_SOURCE, PLATFORM } from '../../../platform/tokens';
import { PAYMENT_GATEWAY } from '../payments/payment-gateway';
import { billingAccountOf } from '../billing-account';
import { atProvider, requirePayments } from '../payments/payment-errors';
import type { PaymentGateway } from '../payments/payment-gateway';

export class OpenBillingPortal {
  constructor(readonly userId: string) {}
}

/**
 * A link to the provider's billing portal for the member's own account: card
 * changes, invoices, and cancelling, which the portal does at the end of the
 * paid year (the webhook then records it). Members who never paid have no
 * account there: 404.
 */
@CommandHandler(OpenBillingPortal)
export class OpenBillingPortalHandler implements ICommandHandler<OpenBillingPortal, { portalUrl: string }> {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ userId }: OpenBillingPortal): Promise<{ portalUrl: string }> {
    const gateway = requirePayments(this.payments);
    const customerId = await billingAccountOf(this.dataSource, userId);
    if (!customerId) throw new ApplicationError('not_found', 'NO_BILLING_ACCOUNT', 'There is no billing account yet: subscribe first');
    const portal = await atProvider(() => gateway.createPortal({ customerId, returnUrl: `${this.platform.baseUrl}/subscription` }));
    return { portalUrl: portal.url };
  }
}
