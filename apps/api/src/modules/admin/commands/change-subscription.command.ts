import { Subscription, subscriptionStreamId, type LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApiError } from '../../../platform/http/api-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
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
 * Grant or revoke premium (PRODUCT.md: "Admin grant/revoke sets the
 * subscription directly and is recorded"): an event in the member's
 * Subscription stream, with the administrator in its metadata and their
 * reason in its data (the audit trail reads it from there). Refused for
 * administrators (spec section 6) and for skipper accounts, who never need
 * one; granting an active subscription or revoking none is a 409.
 */
@CommandHandler(ChangeSubscription)
export class ChangeSubscriptionHandler implements ICommandHandler<ChangeSubscription, { position: LogPosition | null; streamId: string }> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
  ) {}

  async execute({ userId, action, reason, metadata }: ChangeSubscription): Promise<{ position: LogPosition | null; streamId: string }> {
    const user = await targetUser(this.dataSource, userId);
    if (user.isAdmin || user.userType === 'admin') throw adminProtected(`have premium ${action === 'grant' ? 'granted' : 'revoked'}`);
    if (user.userType === 'skipper') throw new ApiError(409, 'NOT_CREW', 'Skipper accounts never need a subscription');
    const streamId = subscriptionStreamId(userId);
    const outcome = await this.repository.execute(Subscription, streamId, action === 'grant' ? { type: 'Grant', reason } : { type: 'Revoke', reason }, metadata);
    return { position: outcome.position, streamId };
  }
}
