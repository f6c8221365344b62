import { Voyage, voyageStreamId, type VoyageCommand } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';
import type { VoyageCommandResult } from './publish-voyage.command';

/** A cancellation also says how many applicants it told. */
export interface VoyageChangeResult extends VoyageCommandResult {
  readonly notified: number;
}

type SimpleChange = Extract<VoyageCommand, { type: 'ChangeVoyageStatus' | 'ChangeVoyageContribution' | 'CancelVoyage' }>;

/**
 * The owner's quick changes from the detail page and dashboard (status,
 * contribution, cancel): each is one decision of the Voyage aggregate with
 * nothing to look up first, so they share this command.
 */
export class ChangeVoyage {
  constructor(
    readonly voyageId: string,
    readonly change: SimpleChange,
    readonly metadata: CommandMetadata,
    /** The revisions the client loaded the voyage at (If-Match); undefined: no precondition. */
    readonly expectedRevisions?: readonly bigint[],
  ) {}
}

@CommandHandler(ChangeVoyage)
export class ChangeVoyageHandler implements ICommandHandler<ChangeVoyage, VoyageChangeResult> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute({ voyageId, change, metadata, expectedRevisions }: ChangeVoyage): Promise<VoyageChangeResult> {
    const outcome = await this.repository.execute(Voyage, voyageStreamId(voyageId), change, metadata, { expectedRevisions });
    const cancelled = outcome.events.find((event) => event.type === 'VoyageCancelled');
    const notified = cancelled?.type === 'VoyageCancelled' ? (cancelled.data.notifiedCrewIds?.length ?? 0) : 0;
    return { voyageId, position: outcome.position, notified };
  }
}
