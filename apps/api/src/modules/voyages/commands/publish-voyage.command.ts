import { Voyage, voyageStreamId } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';
import { resolveVoyagePlan, type VoyageRequestBody } from '../voyage-plan';

/**
 * Publishes a voyage or saves it as a draft: a new one (POST) or a draft being
 * saved again or published (PUT on a draft). The domain refuses a voyage that
 * is already published.
 */
export class PublishVoyage {
  constructor(
    readonly voyageId: string,
    readonly skipperId: string,
    readonly body: VoyageRequestBody,
    readonly metadata: CommandMetadata,
  ) {}
}

export interface VoyageCommandResult {
  readonly voyageId: string;
  readonly position: LogPosition | null;
}

@CommandHandler(PublishVoyage)
export class PublishVoyageHandler implements ICommandHandler<PublishVoyage, VoyageCommandResult> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ voyageId, skipperId, body, metadata }: PublishVoyage): Promise<VoyageCommandResult> {
    const { plan, boat } = await resolveVoyagePlan(this.dataSource, body);
    const outcome = await this.repository.execute(
      Voyage,
      voyageStreamId(voyageId),
      body.draft ? { type: 'SaveVoyageDraft', actorId: skipperId, plan, boat } : { type: 'PublishVoyage', actorId: skipperId, plan, boat },
      metadata,
    );
    return { voyageId, position: outcome.position };
  }
}
