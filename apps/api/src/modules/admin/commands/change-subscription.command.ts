import { hasActiveSubscription, Subscription, subscriptionStreamId, type LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { PAYMENT_GATEWAY } from '../../subscriptions/payments/payment-gateway';
import type { PaymentGateway } from '../../subscriptions/payments/payment-gateway';
import { adminProtected, targetUser } from '../admin-audit-log';

export class ChangeSubscription {
  constructor(
    readonly userId: string,
    readonly action: 'grant' | 'revoke',
    readonly reason: string,
    readonly metadata: CommandMetadata,
  ) {}
}

/**
 * Grant or revoke premium (set directly, and recorded): an event in the member's
 * Subscription stream, with the administrator in its metadata and their
 * reason in its data (the audit trail reads it from there). Refused for
 * administrators and for skipper accounts, who never need
 * one; granting an active subscription or revoking none is a 409. Revoking
 * a paid subscription ends it at the payment provider first, so the member
 * is never charged for access they no longer have.
 */
@CommandHandler(ChangeSubscription)
export class ChangeSubscriptionHandler implements ICommandHandler<ChangeSubscription, { position: LogPosition | null; streamId: string }> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(PAYMENT_GATEWAY) private readonly payments: PaymentGateway | null,
  ) {}

  async execute({ userId, action, reason, metadata }: ChangeSubscription): Promise<{ position: LogPosition | null; streamId: string }> {
    const user = await targetUser(this.dataSource, userId);
    if (user.isAdmin || user.userType === 'admin') throw adminProtected(action === 'grant' ? 'have premium granted' : 'have premium revoked');
    if (user.userType === 'skipper') throw new ApplicationError('conflict', 'NOT_CREW', 'Skipper accounts never need a subscription');
    const streamId = subscriptionStreamId(userId);
    if (action === 'revoke') await this.endAtProvider(streamId);
    const outcome = await this.repository.execute(Subscription, streamId, action === 'grant' ? { type: 'Grant', reason } : { type: 'Revoke', reason }, metadata);
    return { position: outcome.position, streamId };
  }

  private async endAtProvider(streamId: string): Promise<void> {
    const { state } = await this.repository.load(Subscription, streamId);
    if (state.source !== 'payment' || state.providerSubscriptionId === null || !hasActiveSubscription(state, new Date())) return;
    if (!this.payments) {
      throw new ApplicationError(
        'unavailable',
        'PAYMENTS_NOT_CONFIGURED',
        'This subscription was paid by card: it can only be revoked while card payments are configured, so that it is not charged again',
      );
    }
    try {
      await this.payments.cancelSubscription(state.providerSubscriptionId);
    } catch {
      throw new ApplicationError(
        'unavailable',
        'PAYMENTS_UNAVAILABLE',
        'The payment provider could not be reached to stop the card subscription; nothing was changed. Please try again.',
      );
    }
  }
}
