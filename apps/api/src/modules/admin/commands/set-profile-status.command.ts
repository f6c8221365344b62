import type { LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { recordAdminAction, targetUser } from '../admin-audit-log';

export class SetProfileStatus {
  constructor(
    readonly userId: string,
    readonly profileComplete: boolean,
    readonly reason: string,
    readonly metadata: CommandMetadata,
  ) {}
}

/** Marks a profile complete or incomplete (the table's Status column) and records it. */
@CommandHandler(SetProfileStatus)
export class SetProfileStatusHandler implements ICommandHandler<SetProfileStatus, { position: LogPosition | null; streamId: string }> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
  ) {}

  async execute({ userId, profileComplete, reason, metadata }: SetProfileStatus): Promise<{ position: LogPosition | null; streamId: string }> {
    await targetUser(this.dataSource, userId);
    await this.dataSource.query('UPDATE users SET profile_complete = $2, updated_at = now() WHERE id = $1', [userId, profileComplete]);
    return recordAdminAction(this.repository, metadata, {
      subjectType: 'user',
      subjectId: userId,
      action: profileComplete ? 'user.profile_marked_complete' : 'user.profile_marked_incomplete',
      reason,
    });
  }
}
