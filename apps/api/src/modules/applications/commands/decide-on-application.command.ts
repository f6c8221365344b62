import { Voyage, voyageStreamId } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { ApplicationError } from '../../../platform/application-error';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';

export interface ApplicationCommandResult {
  readonly applicationId: string;
  readonly voyageId: string;
  readonly position: LogPosition | null;
}

export type ApplicationDecision = 'withdraw' | 'accept' | 'reject';

const COMMAND_TYPE = { withdraw: 'WithdrawApplication', accept: 'AcceptApplication', reject: 'RejectApplication' } as const;

/**
 * Withdraw (the applicant), accept or reject (the voyage's skipper): one
 * decision of the Voyage aggregate that holds the application. The voyage is
 * found from the application's message row, written when it was submitted, so
 * the lookup never waits for a projection.
 */
export class DecideOnApplication {
  constructor(
    readonly applicationId: string,
    readonly decision: ApplicationDecision,
    readonly actorId: string,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(DecideOnApplication)
export class DecideOnApplicationHandler implements ICommandHandler<DecideOnApplication, ApplicationCommandResult> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ applicationId, decision, actorId, metadata }: DecideOnApplication): Promise<ApplicationCommandResult> {
    const [row] = await this.dataSource.query<{ voyage_id: string }[]>(`SELECT voyage_id FROM application_messages WHERE application_id = $1`, [applicationId]);
    if (!row) throw new ApplicationError('not_found', 'APPLICATION_NOT_FOUND', 'Application not found');
    const outcome = await this.repository.execute(Voyage, voyageStreamId(row.voyage_id), { type: COMMAND_TYPE[decision], actorId, applicationId }, metadata);
    return { applicationId, voyageId: row.voyage_id, position: outcome.position };
  }
}
