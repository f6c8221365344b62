import { Voyage, voyageStreamId, type VoyageCommand } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { resolveVoyagePlan, type VoyageRequestBody } from '../voyage-plan';
import type { VoyageCommandResult } from './publish-voyage.command';

/**
 * The full edit (PUT with the whole form). On a published voyage it is an
 * edit, allowed only while planning or active (the domain decides); on a draft
 * it saves the draft again, or publishes it when `draft` is false.
 */
export class EditVoyage {
  constructor(
    readonly voyageId: string,
    readonly actorId: string,
    readonly body: VoyageRequestBody,
    readonly metadata: CommandMetadata,
    /** The revisions the client loaded the voyage at (If-Match); undefined: no precondition. */
    readonly expectedRevisions?: readonly bigint[],
  ) {}
}

@CommandHandler(EditVoyage)
export class EditVoyageHandler implements ICommandHandler<EditVoyage, VoyageCommandResult> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ voyageId, actorId, body, metadata, expectedRevisions }: EditVoyage): Promise<VoyageCommandResult> {
    const { plan, boat } = await resolveVoyagePlan(this.dataSource, body);
    const streamId = voyageStreamId(voyageId);
    const { state } = await this.repository.load(Voyage, streamId);
    const command: VoyageCommand =
      state.status !== 'draft'
        ? { type: 'EditVoyage', actorId, plan, boat }
        : body.draft
          ? { type: 'SaveVoyageDraft', actorId, plan, boat }
          : { type: 'PublishVoyage', actorId, plan, boat };
    const outcome = await this.repository.execute(Voyage, streamId, command, metadata, { expectedRevisions });
    return { voyageId, position: outcome.position };
  }
}
