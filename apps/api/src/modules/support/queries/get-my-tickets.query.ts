import type { MyTicketsResponse, TicketDetail } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { listMemberTickets, loadMemberTicket } from '../ticket-read-model';

export class GetMyTickets {
  constructor(readonly userId: string) {}
}

/** The signed-in member's tickets, newest activity first. */
@QueryHandler(GetMyTickets)
export class GetMyTicketsHandler implements IQueryHandler<GetMyTickets, MyTicketsResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  async execute({ userId }: GetMyTickets): Promise<MyTicketsResponse> {
    return { tickets: await listMemberTickets(this.dataSource, userId) };
  }
}

export class GetMyTicket {
  constructor(
    readonly ticketId: string,
    readonly userId: string,
  ) {}
}

/** One of the member's own tickets with its conversation; anyone else's is 404. */
@QueryHandler(GetMyTicket)
export class GetMyTicketHandler implements IQueryHandler<GetMyTicket, TicketDetail> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ ticketId, userId }: GetMyTicket): Promise<TicketDetail> {
    return loadMemberTicket(this.dataSource, ticketId, userId);
  }
}
