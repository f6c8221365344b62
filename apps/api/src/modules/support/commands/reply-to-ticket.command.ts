import { randomUUID } from 'node:crypto';
import { SupportTicket } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY } from '../../../platform/tokens';
import { ticketStream, type TicketWritten } from './ticket-write';

/** A reply on a ticket: by its requester (their own ticket only), or by support staff (any ticket). */
export class ReplyToTicket {
  constructor(
    readonly ticketId: string,
    readonly authorId: string,
    readonly asStaff: boolean,
    readonly message: string,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(ReplyToTicket)
export class ReplyToTicketHandler implements ICommandHandler<ReplyToTicket, TicketWritten & { replyId: string }> {
  constructor(@Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository) {}

  async execute({ ticketId, authorId, asStaff, message, metadata }: ReplyToTicket): Promise<TicketWritten & { replyId: string }> {
    const streamId = await ticketStream(this.repository, ticketId, asStaff ? null : authorId);
    const replyId = randomUUID();
    const outcome = await this.repository.execute(SupportTicket, streamId, { type: 'ReplyToTicket', replyId, authorId, fromStaff: asStaff, message }, metadata);
    return { ticketId: ticketId.toLowerCase(), streamId, position: outcome.position, replyId };
  }
}
