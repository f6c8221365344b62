import { MESSAGING_SERVICES, type MessagingServices } from '../../messaging/messaging-services';
import { ACCOUNT_REINSTATED_ACTION, ACCOUNT_SUSPENDED_ACTION, type LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { ApplicationError } from '../../../platform/application-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { adminProtected, recordAdminAction, targetUser } from '../admin-audit-log';

export class SuspendUser {
  constructor(
    readonly userId: string,
    readonly reason: string,
    readonly metadata: CommandMetadata,
  ) {}
}

export class ReinstateUser {
  constructor(
    readonly userId: string,
    readonly reason: string,
    readonly metadata: CommandMetadata,
  ) {}
}

type Written = { position: LogPosition | null; streamId: string };

/**
 * Suspends a member. The `account_suspensions` row is the gate (one insert
 * wins; a second suspension is 409 ALREADY_SUSPENDED) and, in the same
 * transaction, the token version moves on, so every session the member had
 * ends at its next request; their live message streams end in every API
 * process. The `user.suspended` action then goes into the audit trail (who,
 * when, why): the voyage-summaries projector takes their voyages out of
 * browse from it, and the admin-notices reactor mails them the reason.
 * Refused for oneself (403 CANNOT_SUSPEND_SELF) and for administrators (403
 * ADMIN_PROTECTED).
 */
@CommandHandler(SuspendUser)
export class SuspendUserHandler implements ICommandHandler<SuspendUser, Written> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(MESSAGING_SERVICES) private readonly messaging: MessagingServices,
  ) {}

  async execute({ userId, reason, metadata }: SuspendUser): Promise<Written> {
    if (userId === metadata.userId) throw new ApplicationError('forbidden', 'CANNOT_SUSPEND_SELF', 'You cannot suspend your own account');
    const user = await targetUser(this.dataSource, userId);
    if (user.isAdmin || user.userType === 'admin') throw adminProtected('be suspended');
    const suspended = await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<{ user_id: string }[]>(
        'INSERT INTO account_suspensions (user_id, reason, suspended_by) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING RETURNING user_id',
        [userId, reason, metadata.userId],
      );
      if (inserted.length === 0) return false;
      // Signed out everywhere, as a password reset does: every token names the old version.
      await manager.query('UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1', [userId]);
      return true;
    });
    if (!suspended) throw new ApplicationError('conflict', 'ALREADY_SUSPENDED', 'This account is already suspended');
    await this.messaging.endStreams([userId]);
    return recordAdminAction(this.repository, metadata, { subjectType: 'user', subjectId: userId, action: ACCOUNT_SUSPENDED_ACTION, reason });
  }
}

/**
 * Reinstates a suspended member: they may sign in again (their old sessions
 * stay ended), their voyages return to browse and they are mailed; recorded
 * as `user.reinstated`. 409 NOT_SUSPENDED when there is nothing to undo.
 */
@CommandHandler(ReinstateUser)
export class ReinstateUserHandler implements ICommandHandler<ReinstateUser, Written> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
  ) {}

  async execute({ userId, reason, metadata }: ReinstateUser): Promise<Written> {
    await targetUser(this.dataSource, userId);
    const removed = await this.dataSource.query<{ user_id: string }[]>(
      'WITH lifted AS (DELETE FROM account_suspensions WHERE user_id = $1 RETURNING user_id) SELECT user_id FROM lifted',
      [userId],
    );
    if (removed.length === 0) throw new ApplicationError('conflict', 'NOT_SUSPENDED', 'This account is not suspended');
    return recordAdminAction(this.repository, metadata, { subjectType: 'user', subjectId: userId, action: ACCOUNT_REINSTATED_ACTION, reason });
  }
}
