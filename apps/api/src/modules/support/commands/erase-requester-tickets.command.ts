import { SupportTicket, supportTicketStreamId } from '@crew/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import type { AggregateRepository, CommandMetadata } from '../../../platform/event-store/aggregate-repository';
import { AGGREGATE_REPOSITORY, DATA_SOURCE } from '../../../platform/tokens';

/**
 * A member's account is being deleted: each of their tickets is closed and
 * marked erased (SupportTicketRequesterErased), so no screen, answer or
 * rebuilt read model shows the text they wrote again.
 */
export class EraseRequesterTickets {
  constructor(
    readonly userId: string,
    readonly metadata: CommandMetadata,
  ) {}
}

@CommandHandler(EraseRequesterTickets)
export class EraseRequesterTicketsHandler implements ICommandHandler<EraseRequesterTickets, { tickets: number }> {
  constructor(
    @Inject(AGGREGATE_REPOSITORY) private readonly repository: AggregateRepository,
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
  ) {}

  async execute({ userId, metadata }: EraseRequesterTickets): Promise<{ tickets: number }> {
    const rows = await this.dataSource.query<{ ticket_id: string }[]>('SELECT ticket_id FROM support_tickets WHERE requester_id = $1 AND NOT erased', [userId]);
    for (const row of rows) {
      await this.repository.execute(SupportTicket, supportTicketStreamId(row.ticket_id), { type: 'EraseTicketRequester' }, metadata);
    }
    return { tickets: rows.length };
  }
}
