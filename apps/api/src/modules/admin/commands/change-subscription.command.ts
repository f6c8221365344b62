import type { LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApiError } from '../../../platform/http/api-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { adminProtected, recordAdminAction, targetUser } from '../admin-audit-log';

/** A granted subscription runs for a year, like a paid one. */
const GRANT_DAYS = 365;

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
 * subscription directly and is recorded"): the subscriptions row changes and
 * an AdminActionRecorded event keeps who, when and why. Refused for
 * administrators (spec section 6); granting an active subscription or
 * revoking none is a 409.
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
    const [current] = await this.dataSource.query<{ active: boolean }[]>(
      `SELECT status = 'active' AND end_date > now() AS active FROM subscriptions WHERE user_id = $1`,
      [userId],
    );
    const active = current?.active === true;
    if (action === 'grant' && active) throw new ApiError(409, 'ALREADY_PREMIUM', 'This user already has an active subscription');
    if (action === 'revoke' && !active) throw new ApiError(409, 'NOT_PREMIUM', 'This user has no active subscription to revoke');
    if (action === 'grant') {
      await this.dataSource.query(
        `INSERT INTO subscriptions (user_id, status, start_date, end_date, source, updated_at)
         VALUES ($1, 'active', now(), now() + make_interval(days => ${GRANT_DAYS}), 'admin', now())
         ON CONFLICT (user_id) DO UPDATE SET status = 'active', start_date = now(), end_date = now() + make_interval(days => ${GRANT_DAYS}),
           source = 'admin', updated_at = now()`,
        [userId],
      );
    } else {
      await this.dataSource.query(`UPDATE subscriptions SET status = 'cancelled', end_date = now(), updated_at = now() WHERE user_id = $1`, [userId]);
    }
    return recordAdminAction(this.repository, metadata, {
      subjectType: 'user',
      subjectId: userId,
      action: action === 'grant' ? 'user.premium_granted' : 'user.premium_revoked',
      reason,
      details: action === 'grant' ? { days: GRANT_DAYS } : {},
    });
  }
}
