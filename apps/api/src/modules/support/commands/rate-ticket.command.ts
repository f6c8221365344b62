import { SupportTicket } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';
import { ticketStream, type TicketWritten } from './ticket-write';

/** The requester says whether they were satisfied, once the ticket is resolved or closed. */
export class RateTicket {
  constructor(
    readonly ticketId: string,
    readonly raterId: string,
    readonly satisfied: boolean,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(RateTicket)
export class RateTicketHandler implements ICommandHandler<RateTicket, TicketWritten> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute({ ticketId, raterId, satisfied, metadata }: RateTicket): Promise<TicketWritten> {
    const streamId = await ticketStream(this.repository, ticketId, raterId);
    const outcome = await this.repository.execute(SupportTicket, streamId, { type: 'RateTicket', raterId, satisfied }, metadata);
    return { ticketId: ticketId.toLowerCase(), streamId, position: outcome.position };
  }
}
