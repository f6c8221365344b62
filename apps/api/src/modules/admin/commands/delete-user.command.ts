import type { DeleteUserResponse } from '@crew/contracts';
import type { LogPosition } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { AccountErasures } from '../../../platform/account-erasures';
import { ApplicationError } from '../../../platform/application-error';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import type { Platform } from '../../../platform/platform';
import { AGGREGATE_REPOSITORY, DATA_SOURCE, PLATFORM } from '../../../platform/tokens';
import { FindCrewedVoyages, type CrewedVoyages } from '../../voyages/queries/find-crewed-voyages.query';
import { adminProtected, recordAdminAction, targetUser } from '../admin-audit-log';

export class DeleteUser {
  constructor(
    readonly userId: string,
    readonly metadata: CommandMetadata,
  ) {}
}

export interface DeleteUserResult {
  readonly deleted: DeleteUserResponse['deleted_records'];
  readonly position: LogPosition | null;
  readonly streamId: string;
}

/**
 * Deleting a user: refused for administrators, oneself, and while the user
 * skippers a voyage still to sail with accepted crew (409 with the counts).
 * Otherwise the account is erased (AccountErasures): each context erases what
 * it holds of them (their pending applications withdrawn, their voyages
 * cancelled and deleted, their support tickets erased, their photos removed,
 * the mails to and about them erased, the account row with everything that
 * cascades from it, their open message streams ended), and the deletion is
 * recorded in the admin audit log with the counts. The events hold ids only,
 * so no read model rebuilt from the log brings a name back.
 */
@CommandHandler(DeleteUser)
export class DeleteUserHandler implements ICommandHandler<DeleteUser, DeleteUserResult> {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly erasures: AccountErasures,
    private readonly queries: QueryBus,
  ) {}

  async execute({ userId, metadata }: DeleteUser): Promise<DeleteUserResult> {
    if (userId === metadata.userId) throw new ApplicationError('forbidden', 'CANNOT_DELETE_SELF', 'You cannot delete your own account');
    const user = await targetUser(this.dataSource, userId);
    if (user.isAdmin || user.userType === 'admin') throw adminProtected('be deleted');

    const crewed = await this.queries.execute<FindCrewedVoyages, CrewedVoyages>(new FindCrewedVoyages(userId));
    if (crewed.voyages > 0) {
      throw new ApplicationError(
        'conflict',
        'USER_HAS_ACTIVE_CREW',
        'This user skippers {voyages, plural, other {{voyages} active voyage(s)}} with {crew, plural, other {{crew} accepted crew member(s)}}',
        {
          values: { voyages: crewed.voyages, crew: crewed.acceptedCrew },
          extra: {
            reason: 'The user skippers active voyages with accepted crew; cancel or complete them first',
            active_voyages: crewed.voyages,
            accepted_applications: crewed.acceptedCrew,
          },
        },
      );
    }

    const erased = await this.erasures.erase({ userId, erasedBy: metadata.userId ?? '', metadata, at: this.platform.clock.now() });
    const deleted = { applications: erased['applications'] ?? 0, voyages: erased['voyages'] ?? 0, boats: erased['boats'] ?? 0 };
    const written = await recordAdminAction(this.repository, metadata, {
      subjectType: 'user',
      subjectId: userId,
      action: 'user.deleted',
      reason: '',
      details: deleted,
    });
    return { deleted, ...written };
  }
}
