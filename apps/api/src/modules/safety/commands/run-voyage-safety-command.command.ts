import { Voyage, voyageStreamId, type TrustCommand } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { ApplicationError } from '../../../platform/application-error';
import { isUuid } from '../../../platform/http/uuid';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';

/**
 * One trust or safety decision of a voyage (confirm or remove a crew member in
 * the sailing log, issue or accept an agreement, record a check-in): the
 * Voyage aggregate decides, its stream records it.
 */
export class RunVoyageSafetyCommand {
  constructor(
    readonly voyageId: string,
    readonly command: TrustCommand,
    readonly metadata: CommandMetadata,
  ) {}
}

export interface SafetyCommandResult {
  readonly voyageId: string;
  readonly position: LogPosition | null;
  readonly appended: number;
}

@CommandHandler(RunVoyageSafetyCommand)
export class RunVoyageSafetyCommandHandler implements ICommandHandler<RunVoyageSafetyCommand, SafetyCommandResult> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute({ voyageId, command, metadata }: RunVoyageSafetyCommand): Promise<SafetyCommandResult> {
    if (!isUuid(voyageId)) throw new ApplicationError('not_found', 'VOYAGE_NOT_FOUND', 'Voyage not found');
    const outcome = await this.repository.execute(Voyage, voyageStreamId(voyageId), command, metadata);
    return { voyageId, position: outcome.position, appended: outcome.appended };
  }
}
