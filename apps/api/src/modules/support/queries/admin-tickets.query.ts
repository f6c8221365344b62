import type { AdminTicketDetail, AdminTicketListResponse, SupportStatsResponse } from '@crew/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE } from '../../../platform/tokens';
import { listAdminTickets, loadAdminTicket, loadSupportStats, type AdminTicketFilters } from '../ticket-read-model';

export class ListAdminTickets {
  constructor(readonly filters: AdminTicketFilters) {}
}

/** The Support Tickets tab: filtered, searched, paged. */
@QueryHandler(ListAdminTickets)
export class ListAdminTicketsHandler implements IQueryHandler<ListAdminTickets, AdminTicketListResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ filters }: ListAdminTickets): Promise<AdminTicketListResponse> {
    return listAdminTickets(this.dataSource, filters);
  }
}

export class GetAdminTicket {
  constructor(readonly ticketId: string) {}
}

/** The ticket modal: conversation and the timeline of the ticket's events. */
@QueryHandler(GetAdminTicket)
export class GetAdminTicketHandler implements IQueryHandler<GetAdminTicket, AdminTicketDetail> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute({ ticketId }: GetAdminTicket): Promise<AdminTicketDetail> {
    return loadAdminTicket(this.dataSource, ticketId);
  }
}

export class GetSupportStats {}

/** The support stat cards. */
@QueryHandler(GetSupportStats)
export class GetSupportStatsHandler implements IQueryHandler<GetSupportStats, SupportStatsResponse> {
  constructor(@Inject(DATA_SOURCE) private readonly dataSource: DataSource) {}

  execute(): Promise<SupportStatsResponse> {
    return loadSupportStats(this.dataSource);
  }
}
