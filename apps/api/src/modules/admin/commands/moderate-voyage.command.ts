import { Voyage, voyageStreamId, type LogPosition, type VoyageModerationCommand } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';

/** Suspend, reinstate, flag for review or delete a voyage: decisions of the Voyage aggregate, in the voyage's own stream. */
export class ModerateVoyage {
  constructor(
    readonly voyageId: string,
    readonly command: VoyageModerationCommand,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(ModerateVoyage)
export class ModerateVoyageHandler implements ICommandHandler<ModerateVoyage, { position: LogPosition | null; streamId: string }> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute({ voyageId, command, metadata }: ModerateVoyage): Promise<{ position: LogPosition | null; streamId: string }> {
    const streamId = voyageStreamId(voyageId);
    const outcome = await this.repository.execute(Voyage, streamId, command, metadata);
    return { position: outcome.position, streamId };
  }
}
