import { IDENTITY_VERIFICATION_ACTIONS, IDENTITY_VERIFICATION_CODES, IDENTITY_VERIFICATION_MESSAGES } from '@crew/contracts';
import type { LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { ApplicationError } from '../../../platform/application-error';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { recordAdminAction, targetUser } from '../admin-audit-log';

/** An administrator marks a member's identity as checked (with a note of how), or revokes it. */
export class SetIdentityVerification {
  constructor(
    readonly userId: string,
    readonly verified: boolean,
    readonly note: string,
    readonly metadata: CommandMetadata,
  ) {}
}

/**
 * Sets `identity_verified` (the trust level and points follow, read live) and
 * records `user.identity_verified` or `user.identity_verification_revoked`
 * with the note in the member's admin-actions stream: the audit trail shows
 * the administrator, the time and the note. Marking twice, or revoking what
 * is not marked, is refused (409) so the trail never says it happened twice.
 */
@CommandHandler(SetIdentityVerification)
export class SetIdentityVerificationHandler implements ICommandHandler<SetIdentityVerification, { position: LogPosition | null; streamId: string }> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
  ) {}

  async execute({ userId, verified, note, metadata }: SetIdentityVerification): Promise<{ position: LogPosition | null; streamId: string }> {
    await targetUser(this.dataSource, userId);
    const [, changed] = await this.dataSource.query<[unknown, number]>(
      'UPDATE users SET identity_verified = $2, updated_at = now() WHERE id = $1 AND identity_verified IS DISTINCT FROM $2',
      [userId, verified],
    );
    if (changed === 0) {
      throw verified
        ? new ApplicationError('conflict', IDENTITY_VERIFICATION_CODES.alreadyVerified, IDENTITY_VERIFICATION_MESSAGES.alreadyVerified)
        : new ApplicationError('conflict', IDENTITY_VERIFICATION_CODES.notVerified, IDENTITY_VERIFICATION_MESSAGES.notVerified);
    }
    return recordAdminAction(this.repository, metadata, {
      subjectType: 'user',
      subjectId: userId,
      action: verified ? IDENTITY_VERIFICATION_ACTIONS.verified : IDENTITY_VERIFICATION_ACTIONS.revoked,
      reason: note,
    });
  }
}
